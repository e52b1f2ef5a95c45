import net from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BODY_MESSAGES, DEFAULT_BODY_LIMIT_BYTES } from '#server/http/api-router';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 12 item 3: every route's body is limited before it is read, by its length and while streaming. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A body that counts what the server pulled from it: `size` bytes in 16 kB chunks, or endless. */
function countingBody(size = Infinity) {
  const chunk = new Uint8Array(16 * 1024).fill(0x20);
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= size) {
        controller.close();
        return;
      }
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  }, { highWaterMark: 0 }); // nothing is pulled before someone reads
  return { stream, pulled };
}

describe('in process', () => {
  test('a declared length over 64 kB is refused with 413 before a byte is read', async () => {
    const { stream, pulled } = countingBody(256 * 1024 * 1024);
    const res = await t.api('account/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(256 * 1024 * 1024) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ message: BODY_MESSAGES.tooLarge() });
    expect(pulled.bytes).toBe(0);
  });

  test('a body without a length is refused once it passes the limit, not read to its end', async () => {
    const { stream, pulled } = countingBody();
    const res = await t.api('account/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: BODY_MESSAGES.tooLarge() });
    // At most the chunk that passed the limit.
    expect(pulled.bytes).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT_BYTES + 16 * 1024);
  });

  test('routes without a JSON body are limited too; a route that needs more declares it', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES) });
    expect((await t.api('account/temporaryToken', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big })).status).toBe(413);
    expect((await t.api('account/logout', { method: 'GET' })).status).toBe(401);
    // The cart takes up to 1 MB (100 configured parts): 200 kB reaches the shape check.
    const { body: temp } = await t.call<{ temporaryToken: string }>('account/temporaryToken', { method: 'POST' });
    const cart = await t.fetch('/msapi/manufacture/cart/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${temp.temporaryToken}` },
      body: JSON.stringify({ items: [], padding: 'x'.repeat(200 * 1024) }),
    });
    expect(cart.status).toBe(422);
  });

  test('a body just under the limit is read as usual', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(100), padding: ' '.repeat(DEFAULT_BODY_LIMIT_BYTES - 200) });
    expect(body.length).toBeLessThan(DEFAULT_BODY_LIMIT_BYTES);
    const res = await t.api('account/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(422);
  });
});

describe('over a real socket', () => {
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends the request head, then `feed` decides what body to send; answers the status line and whether the server hung up. */
  function rawRequest(head: string, feed: (socket: net.Socket) => void): Promise<{ statusLine: string; sentBytes: number }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let sentBytes = 0;
      const write = socket.write.bind(socket);
      socket.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
        sentBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
        return write(chunk, ...rest);
      }) as typeof socket.write;
      socket.on('connect', () => {
        write(head);
        feed(socket);
      });
      socket.on('data', (data) => {
        answer += data.toString('latin1');
      });
      socket.on('error', () => undefined); // the server may reset a connection that keeps sending
      socket.on('close', () => {
        const statusLine = answer.split('\r\n')[0] ?? '';
        if (!statusLine) reject(new Error('no answer'));
        else resolve({ statusLine, sentBytes });
      });
    });
  }

  test('256 MiB announced to account/login: 413 at once, without waiting for the body, and the connection closes', async () => {
    const head = `POST /api/manufacture/account/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${256 * 1024 * 1024}\r\n\r\n`;
    // No body is sent at all: the answer can only come from the declared length.
    const { statusLine } = await rawRequest(head, () => undefined);
    expect(statusLine).toBe('HTTP/1.1 413 Payload Too Large');
  });

  test('a chunked body is cut off soon after 64 kB; the sender is not read to the end', async () => {
    const head = `POST /api/manufacture/account/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    const framed = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    let stop = false;
    const result = await rawRequest(head, (socket) => {
      const pump = () => {
        // Keep sending (up to 64 MiB) until the server answers and hangs up.
        while (!stop && !socket.destroyed && socket.bytesWritten < 64 * 1024 * 1024) {
          if (!socket.write(framed)) {
            socket.once('drain', pump);
            return;
          }
        }
      };
      socket.once('data', () => {
        stop = true;
      });
      pump();
    });
    expect(result.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
  });
});
