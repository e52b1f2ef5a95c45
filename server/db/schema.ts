/**
 * Table types for Kysely. Portable between SQLite and PostgreSQL (ADR 003):
 * ids are text, times are ISO-8601 text, money is integer cents, flags are 0/1 integers.
 */
export interface CountryTable {
  code: string;
  name: string;
  /** Comma-separated calling codes without the plus, e.g. `1809,1829,1849`. */
  phone_codes: string;
  continent: string;
}

export interface Database {
  country: CountryTable;
}
