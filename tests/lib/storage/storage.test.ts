import { expect, test, vi } from 'vitest';
import { STORAGE_KEYS, createExpiringStorage, memoryBackend } from '#lib/storage/storage';

function setup() {
  let clock = 1_700_000_000_000;
  const backend = memoryBackend();
  const storage = createExpiringStorage(backend, () => clock);
  return { storage, backend, advance: (ms: number) => (clock += ms) };
}

test('a value without a lifetime stays', () => {
  const { storage, advance } = setup();
  storage.set(STORAGE_KEYS.cookieAccepted, '1');
  advance(10 * 365 * 24 * 3600 * 1000);
  expect(storage.get(STORAGE_KEYS.cookieAccepted)).toBe('1');
});

test('a value with a lifetime reads until it expires, then reads as nothing and is removed', () => {
  const { storage, backend, advance } = setup();
  storage.set(STORAGE_KEYS.token, 'abc', 60);
  advance(59_999);
  expect(storage.get(STORAGE_KEYS.token)).toBe('abc');
  advance(1);
  expect(storage.get(STORAGE_KEYS.token)).toBeNull();
  expect(backend.getItem(STORAGE_KEYS.token)).toBeNull();
});

test('the token and the temporary token are separate keys', () => {
  const { storage } = setup();
  storage.set(STORAGE_KEYS.token, 'full', 3600);
  storage.set(STORAGE_KEYS.tempToken, 'temp', 3600);
  storage.remove(STORAGE_KEYS.token);
  expect(storage.get(STORAGE_KEYS.token)).toBeNull();
  expect(storage.get(STORAGE_KEYS.tempToken)).toBe('temp');
});

test('a zero or negative lifetime stores nothing', () => {
  const { storage } = setup();
  storage.set(STORAGE_KEYS.token, 'abc', 0);
  expect(storage.get(STORAGE_KEYS.token)).toBeNull();
});

test('a corrupt entry reads as nothing and is removed', () => {
  const { storage, backend } = setup();
  backend.setItem(STORAGE_KEYS.token, '{not json');
  expect(storage.get(STORAGE_KEYS.token)).toBeNull();
  expect(backend.getItem(STORAGE_KEYS.token)).toBeNull();
  backend.setItem(STORAGE_KEYS.token, JSON.stringify({ value: 'x', expiresAt: 'soon' }));
  expect(storage.get(STORAGE_KEYS.token)).toBeNull();
});

test('a storage that throws (private mode, quota) is treated as empty', () => {
  const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => { throw new Error('denied'); } };
  const storage = createExpiringStorage(throwing, () => 0);
  expect(() => storage.set(STORAGE_KEYS.token, 'abc', 10)).not.toThrow();
  expect(storage.get(STORAGE_KEYS.token)).toBeNull();
});

test('ttlMs tells how long a value has left', () => {
  const { storage, advance } = setup();
  expect(storage.ttlMs(STORAGE_KEYS.token)).toBeNull();
  storage.set(STORAGE_KEYS.token, 'abc', 60);
  advance(15_000);
  expect(storage.ttlMs(STORAGE_KEYS.token)).toBe(45_000);
  storage.set(STORAGE_KEYS.cookieAccepted, '1');
  expect(storage.ttlMs(STORAGE_KEYS.cookieAccepted)).toBe(Infinity);
  advance(45_000);
  expect(storage.ttlMs(STORAGE_KEYS.token)).toBeNull();
});

test('a browser that blocks the site\'s storage (reading localStorage throws) keeps the app going in memory, and says so', async () => {
  const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage');
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    },
  });
  try {
    vi.resetModules();
    const blocked = await import('#lib/storage/storage');
    expect(blocked.browserStorage('localStorage')).toBeNull();
    expect(blocked.storageBlocked).toBe(true);
    blocked.storage.set(blocked.STORAGE_KEYS.token, 'in-memory', 60);
    expect(blocked.storage.get(blocked.STORAGE_KEYS.token)).toBe('in-memory');
  } finally {
    Object.defineProperty(window, 'localStorage', descriptor!);
    vi.resetModules();
  }
  const open = await import('#lib/storage/storage');
  expect(open.storageBlocked).toBe(false);
});
