import { z } from 'zod';
import { BillingInfoSchema } from '#domain/api/address';
import { ConsigneeSchema } from '#domain/api/order';
import { FindingNoteSchema, PartConfigurationSchema, QuoteResultSchema } from '#domain/api/quote';

/** A JSON text column of one stored shape, checked by its schema on the way in and on the way out (ADR 183). */
export interface JsonColumn<In, Out = In> {
  /** The value as text, once its schema accepted it (a shape that does not fit fails the write, not a later read). */
  write(value: In): string;
  /** The stored text as its shape; a row that does not fit fails here, with the column's name. */
  read(text: string): Out;
}

export function jsonColumn<S extends z.ZodType>(column: string, schema: S): JsonColumn<z.input<S>, z.output<S>> {
  return {
    write: (value) => JSON.stringify(schema.parse(value)),
    read(text) {
      const parsed = schema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error(`${column} holds a value of another shape: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    },
  };
}

/**
 * The JSON snapshot columns and their one shape each (issue 37 item 3): what an order keeps of its
 * addresses and lines at checkout. Orders placed before the consignee kept its state's name have
 * none (records.ts names it then).
 */
export const SNAPSHOTS = {
  consignee: jsonColumn('customer_order.consignee', ConsigneeSchema.extend({ stateName: ConsigneeSchema.shape.stateName.optional() })),
  billing: jsonColumn('customer_order.billing', BillingInfoSchema),
  lineConfiguration: jsonColumn('order_line.configuration', PartConfigurationSchema),
  lineQuote: jsonColumn('order_line.quote', QuoteResultSchema),
  lineFindings: jsonColumn('order_line.findings', z.array(FindingNoteSchema)),
} as const;
