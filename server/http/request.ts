import type { Context } from 'hono';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '#domain/api/paging';
import { HttpError } from '../errors.ts';

/** The JSON body as an object; 400 when it is not one. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    const raw = await c.req.text();
    body = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

export { assertValid } from '../errors.ts';

export function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function requiredText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

/** page from 1, pageSize 1 to 100 (default 10); 422 otherwise. */
export function readPaging(source: Record<string, unknown>): Paging {
  const read = (name: string, fallback: number, max: number): number => {
    const raw = source[name];
    if (raw === undefined || raw === null || raw === '') return fallback;
    const n = typeof raw === 'number' ? raw : Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      throw new HttpError(422, `${name} must be a whole number from 1 to ${max}.`, { [name]: [`${name} must be a whole number from 1 to ${max}.`] });
    }
    return n;
  };
  const page = read('page', 1, 1_000_000);
  const pageSize = read('pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** A list of ids from a body field; 422 when it is not a non-empty array of strings. */
export function readIds(body: Record<string, unknown>, field: string): string[] {
  const value = body[field];
  if (!Array.isArray(value) || value.length === 0 || value.length > 100 || !value.every((v) => typeof v === 'string' && v !== '')) {
    const message = `Please choose at least one item (${field}).`;
    throw new HttpError(422, message, { [field]: [message] });
  }
  return [...new Set(value as string[])];
}
