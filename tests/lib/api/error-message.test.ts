import { FetchError } from 'ofetch';
import { expect, test } from 'vitest';
import { errorMessage } from '#lib/api/error-message';

function fetchError(options: { status?: number; data?: unknown; cause?: unknown; message?: string }): FetchError {
  const error = new FetchError(options.message ?? 'request failed', options.cause ? { cause: options.cause } : undefined);
  if (options.status) {
    Object.assign(error, { response: new Response(null, { status: options.status }), statusCode: options.status });
  }
  if (options.data !== undefined) Object.assign(error, { data: options.data });
  return error;
}

test('a timeout reads "System is busy, please try again later"', () => {
  expect(errorMessage(fetchError({ cause: new DOMException('signal timed out', 'TimeoutError') }))).toBe(
    'System is busy, please try again later',
  );
});

test('no response reads "Unknown network error"', () => {
  expect(errorMessage(fetchError({ cause: new TypeError('fetch failed') }))).toBe('Unknown network error');
});

test.each([403, 404, 422])('%i shows the server message, or "Error"', (status) => {
  expect(errorMessage(fetchError({ status, data: { message: 'Order id not found.' } }))).toBe('Order id not found.');
  expect(errorMessage(fetchError({ status, data: {} }))).toBe('Error');
});

test.each([400, 409, 500, 503])('%i shows the server message, or "Unknown error"', (status) => {
  expect(errorMessage(fetchError({ status, data: { message: 'Service is being upgraded, please come back later.' } }))).toBe(
    'Service is being upgraded, please come back later.',
  );
  expect(errorMessage(fetchError({ status }))).toBe('Unknown error');
});

test('anything that is not a failed call asks for a reload', () => {
  expect(errorMessage(new Error('boom'))).toBe('Unknown error, please reload the page.');
});

test('ofetch\'s own timeout error is recognised', () => {
  const cause = Object.assign(new Error('[TimeoutError]: The operation was aborted due to timeout'), { name: 'TimeoutError' });
  expect(errorMessage(fetchError({ cause }))).toBe('System is busy, please try again later');
});
