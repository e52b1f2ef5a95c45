import { vi } from 'vitest';

type Answer = { status?: number; body?: unknown } | 'network-error';
type Route = [method: string, pattern: RegExp, answer: Answer | ((url: URL, init: RequestInit | undefined) => Answer)];

/**
 * The browser's fetch, answered by route (method and a pattern on the path and query), as the API
 * server would; anything unrouted fails the test loudly. Answers are JSON; 'network-error' is a
 * request that never reached a server. Returns the calls made, for assertions.
 */
export function stubApi(routes: Route[]) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), 'http://localhost');
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const rawBody = init?.body ?? null;
    calls.push({ method, url, body: typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody });
    const route = routes.find(([m, pattern]) => m === method && pattern.test(url.pathname + url.search));
    if (!route) throw new Error(`No stubbed answer for ${method} ${url.pathname}${url.search}`);
    const answer = typeof route[2] === 'function' ? route[2](url, init) : route[2];
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
