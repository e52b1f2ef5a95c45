import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { checkWritableFolder, openDatabase } from '#server/db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '#server/accounts/demo-account';
import { paymentProviderProblem } from '#server/config';

/**
 * Issue 12 item 13, at the server's start: upload spool files a crash left behind are swept, the
 * database file is readable by the server's user only, and a data folder the server cannot write
 * stops it with one sentence instead of a stack trace.
 */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGTERM');
});

// This process's environment without the malloc setting, so each test sees what its start command
// sets (never an empty MALLOC_MMAP_THRESHOLD_: glibc reads it as 0, a mapping per allocation).
const { MALLOC_MMAP_THRESHOLD_: _threshold, ...inherited } = process.env;

/** Runs `node --import tsx server/main.ts` with `env`; resolves its output once it exits or listens. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...inherited, DATABASE_URL: '', NODE_ENV: 'test', SEED_DEMO: '0', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('a data folder the server cannot write', () => {
  test.each([
    ['under a path that is a file', () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ro-')), 'file', 'data'), 'a part of its path is a file, not a folder'],
    ['under a folder the system does not let anyone write', () => '/sys/manufacture-data', 'the operation is not permitted'],
  ])('%s: exit 1 with one sentence, no stack trace', async (_label, folder, why) => {
    const dir = folder();
    if (dir.includes(`${path.sep}file${path.sep}`)) fs.writeFileSync(path.dirname(dir), 'not a folder');
    const { output, exited } = runServer({ DATA_DIR: dir });
    expect(await exited).toBe(1);
    expect(output.stderr.trim()).toBe(
      `Manufacture cannot start: it cannot write to its data folder ${dir}, because ${why}. Set DATA_DIR to a folder the server may write, or make this one writable.`,
    );
  });

  test('the sentence names a read-only file system', () => {
    const error = Object.assign(new Error('EROFS'), { code: 'EROFS' });
    const spy = vi.spyOn(fs, 'mkdirSync').mockImplementation(() => {
      throw error;
    });
    try {
      expect(() => checkWritableFolder('/mnt/ro')).toThrow(
        'Manufacture cannot start: it cannot write to its data folder /mnt/ro, because it is on a read-only file system. Set DATA_DIR to a folder the server may write, or make this one writable.',
      );
    } finally {
      spy.mockRestore();
    }
  });
});

describe('at start', () => {
  test('spool files a crash left are swept; the database and its journal are mode 0600', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
    const spool = path.join(dir, 'quote-files', 'spool');
    fs.mkdirSync(spool, { recursive: true });
    const old = path.join(spool, 'crashed-an-hour-ago.part');
    const recent = path.join(spool, 'crashed-just-now.part');
    fs.writeFileSync(old, 'partial');
    fs.writeFileSync(recent, 'partial');
    const hourAgo = new Date(Date.now() - 3600_000);
    fs.utimesSync(old, hourAgo, hourAgo);
    const { child, output } = runServer({ DATA_DIR: dir });
    try {
      await vi.waitFor(() => expect(output.stdout).toContain('[server] removed 2 partial upload(s) left in the spool'), { timeout: 60_000, interval: 100 });
      expect(fs.readdirSync(spool)).toEqual([]);
      expect(mode(path.join(dir, 'manufacture.db'))).toBe(0o600);
      expect(mode(path.join(dir, 'manufacture.db-wal'))).toBe(0o600);
      expect(mode(path.join(dir, 'jwt-secret'))).toBe(0o600);
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);

  test('an existing database file that others could read is made 0600 when opened', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mode-'));
    const file = path.join(dir, 'manufacture.db');
    fs.writeFileSync(file, '');
    fs.chmodSync(file, 0o644);
    const db = openDatabase({ sqliteFile: file });
    await db.close();
    expect(mode(file)).toBe(0o600);
  });
});

describe('graceful shutdown (docs/deploy.md)', () => {
  test('on SIGTERM a request in flight is answered, new connections are refused, and the process exits 0', async () => {
    const { child, output, exited } = runServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'drain-')) });
    await vi.waitFor(() => expect(output.stdout).toMatch(/API: http:\/\/127\.0\.0\.1:\d+\//), { timeout: 60_000, interval: 100 });
    // Started without the start commands' malloc setting (ADR 228), it says so.
    if (process.platform === 'linux') expect(output.stdout).toContain('[server] MALLOC_MMAP_THRESHOLD_ is not set');
    const port = Number(/API: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output.stdout)?.[1]);
    expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);

    // A request whose body is only half sent when the signal comes. `Expect: 100-continue` makes the
    // server say when it holds the request (its headers parsed), so the signal comes after that.
    const body = JSON.stringify({ browse_url: 'https://example.com/landing?utm_source=drain', query: { utm_source: 'drain' } });
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/manufacture/tools/semRecord',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const held = new Promise<void>((resolve) => request.on('continue', () => resolve()));
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (d: Buffer) => (text += d.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
    });
    request.flushHeaders();
    await held;
    request.write(body.slice(0, 20));

    child.kill('SIGTERM');
    await vi.waitFor(() => expect(output.stdout).toContain('[server] SIGTERM: finishing the requests in flight, then stopping'), { timeout: 30_000, interval: 50 });
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    request.end(body.slice(20));
    expect(await answered).toEqual({ status: 201, text: '{"ok":true}' });
    expect(await exited).toBe(0);
    expect(output.stdout).toContain('[server] stopped');
  }, 90_000);
});

describe('SIGTERM to the documented start commands reaches the server (issue 41 item 1)', () => {
  /** Runs `npm <args>` in its own process group, as a process manager or a container would. */
  function runNpm(args: string[], env: Record<string, string>) {
    const child = spawn('npm', args, {
      env: { ...inherited, DATABASE_URL: '', NODE_ENV: 'test', SEED_DEMO: '0', PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    const output = { stdout: '', stderr: '' };
    child.stdout?.on('data', (d: Buffer) => (output.stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output.stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, output, exited };
  }
  const build = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>');
    return dir;
  };

  test.each([
    ['npm run serve', ['run', 'serve'], {}],
    ['npm start', ['start'], { SKIP_BUILD: '1', STATIC_DIR: build(), BANK_TRANSFER: '0' }],
  ])('%s: the server drains and stops, npm exits 0, nothing answers after', async (_name, args, env) => {
    const { child, output, exited } = runNpm(args, { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'npm-signal-')), ...env });
    await vi.waitFor(() => expect(output.stdout).toMatch(/API: http:\/\/127\.0\.0\.1:\d+\//), { timeout: 90_000, interval: 100 });
    const port = Number(/API: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output.stdout)?.[1]);
    expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
    // The start commands return large freed buffers to the system (ADR 228).
    expect(output.stdout).not.toContain('MALLOC_MMAP_THRESHOLD_ is not set');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.stdout).toContain('[server] SIGTERM: finishing the requests in flight, then stopping');
    expect(output.stdout).toContain('[server] stopped');
    // No orphan left answering /ready (what npm without `exec` left behind).
    await expect(fetch(`http://127.0.0.1:${port}/ready`)).rejects.toThrow();
  }, 120_000);
});

describe('keep-alive behind a balancer (KEEP_ALIVE_TIMEOUT_MS, ADR 135)', () => {
  test('idle connections stay open as long as configured, and say so', async () => {
    const { child, output, exited } = runServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'keep-alive-')), KEEP_ALIVE_TIMEOUT_MS: '65000' });
    await vi.waitFor(() => expect(output.stdout).toMatch(/API: http:\/\/127\.0\.0\.1:\d+\//), { timeout: 60_000, interval: 100 });
    const port = Number(/API: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output.stdout)?.[1]);
    const agent = new http.Agent({ keepAlive: true });
    const header = await new Promise<string | undefined>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/health', agent }, (res) => {
        res.resume();
        resolve(res.headers['keep-alive'] as string | undefined);
      }).on('error', reject);
    });
    agent.destroy();
    expect(header).toBe('timeout=65');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);

  test('the default is Node’s 5 s; a value that is not a positive whole number is refused', async () => {
    const { readConfig } = await import('#server/config');
    expect(readConfig({}).keepAliveTimeoutMs).toBe(5000);
    expect(() => readConfig({ KEEP_ALIVE_TIMEOUT_MS: '-1' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });
});

describe('production takes real money or none, and seeds no demo customer (issue 32 items 2 and 12)', () => {
  /** A built web app of one page, so production mode has something to serve. */
  const fakeBuild = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>');
    return dir;
  };
  const production = (env: Record<string, string>) => ({ NODE_ENV: 'production', BANK_TRANSFER: '0', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'prod-')), STATIC_DIR: fakeBuild(), ...env });
  const portOf = (stdout: string) => Number(/API: http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout)?.[1]);

  test('without PAYMENT_PROVIDER the server refuses to start with one sentence', async () => {
    const { output, exited } = runServer(production({}));
    expect(await exited).toBe(1);
    expect(output.stderr.trim()).toBe(paymentProviderProblem({ NODE_ENV: 'production' }));
    expect(output.stderr).toMatch(/^Manufacture cannot start in production without a payment provider: set PAYMENT_PROVIDER=stripe/);
  }, 90_000);

  test('the sandbox chosen explicitly starts and every page says so; no demo customer without SEED_DEMO=1', async () => {
    const plain = runServer(production({ PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: '' }));
    await vi.waitFor(() => expect(plain.output.stdout).toMatch(/API: http:\/\/127\.0\.0\.1:\d+\//), { timeout: 60_000, interval: 100 });
    const port = portOf(plain.output.stdout);
    for (const page of ['/manufacture/', '/manufacture/login', '/manufacture/user/orders']) {
      const html = await (await fetch(`http://127.0.0.1:${port}${page}`)).text();
      expect(html).toContain('<body><aside class="sandbox-notice" aria-label="Sandbox">Sandbox shop: card payments here are tests');
    }
    const login = await fetch(`http://127.0.0.1:${port}/api/manufacture/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    // The answer to an unknown email (the same as to a wrong password).
    expect(login.status).toBe(422);
    expect(plain.output.stdout).not.toContain('seeded the demo customer');
    plain.child.kill('SIGTERM');
    expect(await plain.exited).toBe(0);
  }, 120_000);

  test('with SEED_DEMO=1 the demo customer is seeded, and its password is not in the production log', async () => {
    const seeded = runServer(production({ PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: '1' }));
    await vi.waitFor(() => expect(seeded.output.stdout).toContain(`[server] seeded the demo customer: ${DEMO_EMAIL}`), { timeout: 60_000, interval: 100 });
    seeded.child.kill('SIGTERM');
    await seeded.exited;
    expect(seeded.output.stdout + seeded.output.stderr).not.toContain(DEMO_PASSWORD);
  }, 120_000);

  test('outside production the demo customer is seeded by default (npm start sets SEED_DEMO=1 itself)', async () => {
    const { readConfig } = await import('#server/config');
    expect(readConfig({}).seedDemo).toBe(true);
    expect(readConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', BANK_TRANSFER: '0' }).seedDemo).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', BANK_TRANSFER: '0', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });
});

describe('the production start-up lines are true (issue 41 item 5)', () => {
  const build = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>');
    return dir;
  };
  const production = (env: Record<string, string>) => ({ NODE_ENV: 'production', BANK_TRANSFER: '0', PAYMENT_PROVIDER: 'sandbox', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'prod-')), STATIC_DIR: build(), ...env });
  const portOf = (stdout: string) => Number(/API: http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout)?.[1]);

  test('without SMTP_URL it says mail is not delivered, and points to no outbox, which is closed', async () => {
    const server = runServer(production({}));
    await vi.waitFor(() => expect(server.output.stdout).toContain('[server] Manufacture is running at'), { timeout: 60_000, interval: 100 });
    expect(server.output.stdout).toContain('[server] no SMTP_URL: mail is not delivered; each mail is written to this log with its links (set SMTP_URL)');
    expect(server.output.stdout).not.toContain('/dev/outbox');
    expect((await fetch(`http://127.0.0.1:${portOf(server.output.stdout)}/dev/outbox`)).status).toBe(404);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  test('with DEV_OUTBOX=1 it names the outbox and the header that opens it; with SMTP_URL its host and sender, never its password', async () => {
    const token = 'an-admin-token-for-the-outbox';
    const outbox = runServer(production({ DEV_OUTBOX: '1', ADMIN_TOKEN: token }));
    await vi.waitFor(() => expect(outbox.output.stdout).toContain('[server] Manufacture is running at'), { timeout: 60_000, interval: 100 });
    const port = portOf(outbox.output.stdout);
    expect(outbox.output.stdout).toContain(`[server] no SMTP_URL: mail is not delivered; it is written to this log and listed at http://127.0.0.1:${port}/dev/outbox (header X-Admin-Token: ADMIN_TOKEN)`);
    expect((await fetch(`http://127.0.0.1:${port}/dev/outbox`, { headers: { 'X-Admin-Token': token } })).status).toBe(200);
    outbox.child.kill('SIGTERM');
    await outbox.exited;

    const smtp = runServer(production({ SMTP_URL: 'smtp://mailer:s3cret-pass@smtp.example.com:587', MAIL_FROM: 'Manufacture <orders@example.com>' }));
    await vi.waitFor(() => expect(smtp.output.stdout).toContain('[server] Manufacture is running at'), { timeout: 60_000, interval: 100 });
    expect(smtp.output.stdout).toContain('[server] mail: delivered through SMTP at smtp.example.com:587, from Manufacture <orders@example.com>');
    expect(smtp.output.stdout + smtp.output.stderr).not.toContain('s3cret-pass');
    smtp.child.kill('SIGTERM');
    await smtp.exited;
  }, 120_000);

  test('without a built web app it refuses with one sentence, not a stack trace', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-build-'));
    const { output, exited } = runServer(production({ STATIC_DIR: empty }));
    expect(await exited).toBe(1);
    expect(output.stderr.trim()).toBe(`No built web app at ${empty}: run \`npm run build\` first`);
  }, 120_000);
});

describe('HTTPS and HTTP/2 from the server itself (TLS_CERT_FILE, TLS_KEY_FILE; issue 39 item 2, ADR 198)', () => {
  /** A self-signed certificate for 127.0.0.1, made by openssl for this test. */
  function selfSigned() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tls-'));
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    return { cert, key, dir };
  }

  test('a page is served over HTTP/2 and over HTTP/1.1 on the same port; SIGTERM drains both and exits 0', async () => {
    const { cert, key, dir } = selfSigned();
    const { child, output, exited } = runServer({ DATA_DIR: dir, TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
    await vi.waitFor(() => expect(output.stdout).toMatch(/API: https:\/\/127\.0\.0\.1:\d+\//), { timeout: 60_000, interval: 100 });
    expect(output.stdout).toContain('[server] HTTPS with HTTP/2 (and HTTP/1.1 over TLS) from TLS_CERT_FILE and TLS_KEY_FILE');
    const port = Number(/API: https:\/\/127\.0\.0\.1:(\d+)\//.exec(output.stdout)?.[1]);

    // HTTP/2: two requests on one session (what lets a page's scripts stop queuing).
    const session = http2.connect(`https://127.0.0.1:${port}`, { ca: fs.readFileSync(cert) });
    const get = (p: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': p });
        let body = '';
        let status = 0;
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.on('data', (d: Buffer) => (body += d.toString()));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
      });
    const [ready, countries] = await Promise.all([get('/ready'), get('/api/manufacture/tools/countryList')]);
    expect(session.alpnProtocol).toBe('h2');
    expect(ready.status).toBe(200);
    expect(countries.status).toBe(200);
    expect(countries.body).toContain('United States');
    // A request body arrives whole over a stream.
    const posted = await new Promise<number>((resolve, reject) => {
      const stream = session.request({ ':method': 'POST', ':path': '/api/manufacture/tools/semRecord', 'content-type': 'application/json' });
      let status = 0;
      stream.on('response', (headers) => (status = Number(headers[':status'])));
      stream.on('end', () => resolve(status));
      stream.resume();
      stream.on('error', reject);
      stream.end(JSON.stringify({ browse_url: 'https://example.com/landing?utm_source=h2', query: { utm_source: 'h2' } }));
    });
    expect(posted).toBe(201);

    // HTTP/1.1 over TLS, for a client without HTTP/2.
    const http1 = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: '/ready', ca: fs.readFileSync(cert) }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, version: res.httpVersion });
        })
        .on('error', reject);
    });
    expect(http1).toEqual({ status: 200, version: '1.1' });

    // The open HTTP/2 session does not hold the shutdown: it is sent GOAWAY and closes.
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.stdout).toContain('[server] stopped');
    session.destroy();
  }, 90_000);

  test('one of the two files alone, or a file that cannot be read, stops the start with one sentence', async () => {
    const { readTls } = await import('#server/config');
    expect(readTls({})).toBeNull();
    expect(() => readTls({ TLS_CERT_FILE: '/tmp/cert.pem' })).toThrow(
      'Set both TLS_CERT_FILE and TLS_KEY_FILE (PEM files) for the server to speak HTTPS and HTTP/2, or neither for plain HTTP behind a proxy.',
    );
    expect(() => readTls({ TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: '/nonexistent/key.pem' })).toThrow('TLS_CERT_FILE (/nonexistent/cert.pem) cannot be read: ENOENT');
    const { output, exited } = runServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tls-one-')), TLS_KEY_FILE: '/tmp/key.pem' });
    expect(await exited).toBe(1);
    expect(output.stderr.trim()).toBe('Set both TLS_CERT_FILE and TLS_KEY_FILE (PEM files) for the server to speak HTTPS and HTTP/2, or neither for plain HTTP behind a proxy.');
  }, 90_000);
});
