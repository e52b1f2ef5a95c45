import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  /** The path below the API base, e.g. `account/me` (no segment, no query). */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeAnswer = [status: number, body: unknown] | Promise<[status: number, body: unknown]>;
export type FakeRoutes = Record<string, (call: FakeCall) => FakeAnswer>;

/**
 * Answers the app's API calls in a jsdom test: routes are keyed `METHOD path` (`GET account/me`);
 * anything else never answers (as the other page tests do). Returns the calls made, in order.
 */
export function fakeApi(routes: FakeRoutes): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/(api|msapi)\/[^/]+\//, '');
    const text = init?.body !== undefined && typeof init.body === 'string' ? init.body : await request.clone().text().catch(() => '');
    const call: FakeCall = { method: request.method.toUpperCase(), path, query: url.searchParams, body: text ? safeJson(text) : undefined };
    calls.push(call);
    const route = routes[`${call.method} ${path}`];
    if (!route) return new Promise<Response>(() => {});
    const [status, body] = await route(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
