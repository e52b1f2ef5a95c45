/**
 * Client storage of spec section 3: one key for the token, one for the temporary token, and the
 * cookie-consent flag stored as `1`. A value may carry a lifetime in seconds; once expired,
 * reading it returns nothing and removes it.
 */
export const STORAGE_KEYS = {
  token: 'manufacture.token',
  tempToken: 'manufacture.tempToken',
  cookieAccepted: 'manufacture.cookieAccepted',
  /** A friend's referral code from a `?cm=` link, kept until sign-up (issue 14; REFERRAL_CODE_LIFETIME_SECONDS). */
  referralCode: 'manufacture.referralCode',
  /** A staff member's token (issue 38), in the tab's sessionStorage only: closing the tab signs out. */
  staffToken: 'manufacture.staffToken',
} as const;

/** How long a referral link's code waits for the visitor to sign up: 30 days. */
export const REFERRAL_CODE_LIFETIME_SECONDS = 30 * 24 * 3600;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Spec section 9: the cookie banner flag value. */
export const COOKIE_ACCEPTED_VALUE = '1';

interface Stored {
  value: string;
  /** Epoch milliseconds after which the value is gone; absent for no lifetime. */
  expiresAt?: number;
}

export interface ExpiringStorage {
  get(key: StorageKey): string | null;
  /** Milliseconds the value has left: null when absent, Infinity without a lifetime. */
  ttlMs(key: StorageKey): number | null;
  set(key: StorageKey, value: string, lifetimeSeconds?: number): void;
  remove(key: StorageKey): void;
}

export function createExpiringStorage(backend: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, now: () => number = Date.now): ExpiringStorage {
  function read(key: StorageKey): Stored | null {
    const raw = safely(() => backend.getItem(key));
    if (raw == null) return null;
    const stored = parse(raw);
    if (!stored || (stored.expiresAt !== undefined && now() >= stored.expiresAt)) {
      safely(() => backend.removeItem(key));
      return null;
    }
    return stored;
  }
  return {
    get: (key) => read(key)?.value ?? null,
    ttlMs(key) {
      const stored = read(key);
      if (!stored) return null;
      return stored.expiresAt === undefined ? Infinity : stored.expiresAt - now();
    },
    set(key, value, lifetimeSeconds) {
      if (lifetimeSeconds !== undefined && !(lifetimeSeconds > 0)) {
        safely(() => backend.removeItem(key));
        return;
      }
      const stored: Stored = lifetimeSeconds === undefined ? { value } : { value, expiresAt: now() + lifetimeSeconds * 1000 };
      safely(() => backend.setItem(key, JSON.stringify(stored)));
    },
    remove(key) {
      safely(() => backend.removeItem(key));
    },
  };
}

function parse(raw: string): Stored | null {
  try {
    const data = JSON.parse(raw) as unknown;
    if (typeof data !== 'object' || data === null || typeof (data as Stored).value !== 'string') return null;
    const expiresAt = (data as Stored).expiresAt;
    if (expiresAt !== undefined && typeof expiresAt !== 'number') return null;
    return data as Stored;
  } catch {
    return null;
  }
}

/** Private browsing and full quotas throw; storage is then simply absent, never a crash. */
function safely<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/**
 * The browser's storage of that name, or null where there is none. A browser that blocks the
 * site's data (Chrome's "Block all cookies", some embedded browsers) throws at the mere reading of
 * `localStorage` (even through `typeof`): at the import of this module, that stopped the whole app.
 */
export function browserStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[name] ?? null;
  } catch {
    return null;
  }
}

/**
 * The app's storage: the browser's localStorage, memory-backed where there is none (then a
 * sign-in lasts as long as the page).
 */
export const storage: ExpiringStorage = createExpiringStorage(browserStorage('localStorage') ?? memoryBackend());

/**
 * Whether this browser refuses the site's storage (false outside a browser: the prerendered pages
 * are the same for everyone). The log-in form then says a sign-in lasts only as long as the page.
 */
export const storageBlocked: boolean = typeof window !== 'undefined' && browserStorage('localStorage') === null;

export function memoryBackend(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}
