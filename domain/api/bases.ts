/**
 * The two API bases of spec section 7, shared by the browser client, the dev proxy and the server.
 * Every path is `<base>/<business segment>/<call>`, e.g. `/api/manufacture/tools/countryList`.
 */
export const MAIN_API_BASE = '/api';
export const MICROSERVICE_API_BASE = '/msapi';

/** The business segment: configurable with API_SEGMENT on the server and at build time (ADR 004). */
export const DEFAULT_API_SEGMENT = 'manufacture';

/** Spec section 9: every call times out after 20 000 ms. */
export const API_TIMEOUT_MS = 20_000;

/** Base path of every asset and route (spec section 1). */
export const APP_BASE_PATH = '/manufacture/';

export function isValidSegment(segment: string): boolean {
  return /^[a-z0-9][a-z0-9-]{0,39}$/.test(segment);
}

/**
 * Every payment call carries this header (ADR 051): one key names one attempt, so a repeated
 * request answers the first one's stored answer and never charges twice.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
