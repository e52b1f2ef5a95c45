import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CHECKOUT_CALLS, startEarlyCalls, type EarlyCalls } from '#lib/early-calls-script';
import { dropEarlyCalls, earlyOr } from '#lib/early-calls';
import { earlyMainApi } from '#lib/api/client';
import { getCart, getCheckoutDiscounts, getShippingOptions, listBillingAddresses, listShippingAddresses } from '#features/checkout/api';

const KEY = '__manufactureEarlyCalls';

/** A window as the early script sees it: its page, its storage and a fetch that records its calls. */
function fakeWindow(pathname: string, token: string | null, answer: (url: string) => Response = () => Response.json({ ok: true })) {
  const store = new Map<string, string>(token === null ? [] : [['manufacture.token', token]]);
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    void init;
    return answer(url);
  });
  const win = {
    location: { pathname },
    localStorage: { getItem: (k: string) => store.get(k) ?? null },
    fetch,
  } as unknown as Window & { [KEY]?: EarlyCalls };
  return { win, fetch };
}

const stored = (value: string, expiresAt?: number) => JSON.stringify(expiresAt === undefined ? { value } : { value, expiresAt });

describe('the checkout HTML’s early calls (ADR 227)', () => {
  it('starts every call of the checkout with the stored token, on /checkout only', () => {
    const { win, fetch } = fakeWindow('/manufacture/checkout', stored('tok-1'));
    startEarlyCalls(win, fetch as unknown as typeof globalThis.fetch);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([...EARLY_CHECKOUT_CALLS]);
    for (const [, init] of fetch.mock.calls) expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-1');
    expect(Object.keys(win[KEY]!.calls)).toEqual([...EARLY_CHECKOUT_CALLS]);
    expect(win[KEY]!.page).toBe('/manufacture/checkout');
  });

  it('starts nothing without a token, with an expired one, or on another page', () => {
    for (const [path, token] of [
      ['/manufacture/checkout', null],
      ['/manufacture/checkout', stored('old', Date.now() - 1000)],
      ['/manufacture/checkout', 'not json'],
      ['/manufacture/checkout/payment', stored('tok')],
      ['/manufacture/quote', stored('tok')],
    ] as const) {
      const { win, fetch } = fakeWindow(path, token);
      startEarlyCalls(win, fetch as unknown as typeof globalThis.fetch);
      expect(fetch).not.toHaveBeenCalled();
      expect(win[KEY]).toBeUndefined();
    }
  });
});

describe('earlyOr', () => {
  const url = '/api/manufacture/checkout/discounts';

  it('takes a 200 answer once; the next call asks the server', async () => {
    const { win, fetch } = fakeWindow('/manufacture/checkout', stored('tok'), () => Response.json({ firstOrderPercent: 10 }));
    startEarlyCalls(win, fetch as unknown as typeof globalThis.fetch);
    const call = vi.fn(async () => ({ firstOrderPercent: 0 }));
    expect(await earlyOr(url, call, win)).toEqual({ firstOrderPercent: 10 });
    expect(call).not.toHaveBeenCalled();
    expect(await earlyOr(url, call, win)).toEqual({ firstOrderPercent: 0 });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('calls when the early answer was not a 200 or never arrived', async () => {
    const { win, fetch } = fakeWindow('/manufacture/checkout', stored('tok'), (u) => (u.endsWith('/cart') ? new Response('{}', { status: 401 }) : Response.json({})));
    startEarlyCalls(win, fetch as unknown as typeof globalThis.fetch);
    win[KEY]!.calls[url] = Promise.resolve(null); // the network failed
    const call = vi.fn(async () => 'asked');
    expect(await earlyOr('/msapi/manufacture/cart', call, win)).toBe('asked');
    expect(await earlyOr(url, call, win)).toBe('asked');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('takes nothing on another page, nor once the app has left the page', async () => {
    const { win, fetch } = fakeWindow('/manufacture/checkout', stored('tok'));
    startEarlyCalls(win, fetch as unknown as typeof globalThis.fetch);
    const call = vi.fn(async () => 'asked');
    (win.location as { pathname: string }).pathname = '/manufacture/quote';
    expect(await earlyOr(url, call, win)).toBe('asked');
    (win.location as { pathname: string }).pathname = '/manufacture/checkout';
    dropEarlyCalls(win);
    expect(await earlyOr(url, call, win)).toBe('asked');
    expect(call).toHaveBeenCalledTimes(2);
  });
});

describe('the early calls are the ones the checkout makes', () => {
  afterEach(() => dropEarlyCalls());

  it('each of the checkout’s first calls and the session’s takes one of them, and together they take all', async () => {
    const page = window.location.pathname.replace(/\/$/, '');
    const calls: EarlyCalls['calls'] = {};
    for (const url of EARLY_CHECKOUT_CALLS) calls[url] = Promise.resolve({ status: 200, body: { url } });
    (window as unknown as Record<string, unknown>)[KEY] = { page, calls };
    const answers = await Promise.all([
      earlyMainApi('common/index'), // routes/session.ts loadGeneral
      getCart(),
      getShippingOptions(),
      listShippingAddresses(),
      listBillingAddresses(),
      getCheckoutDiscounts(),
    ]);
    expect(answers).toEqual(EARLY_CHECKOUT_CALLS.map((url) => ({ url })));
    expect(calls).toEqual({});
  });
});
