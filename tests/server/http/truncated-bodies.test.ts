import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '#server/accounts/demo-account';
import { CUBE_STL } from '../quote/quote-test-app.ts';

/**
 * Issue 32 item 1: no request can stop the process. A real server process (an error nobody
 * listens to stops a process, which an in-process test would not show the same way) gets, on every
 * route of both OpenAPI documents that reads a body, bodies cut short: a declared length never
 * reached, a chunked body that stops mid-chunk or without its last chunk, the client hanging up,
 * from 0 B to 3 MB; the multipart routes also a file part whose closing boundary never comes, with
 * a length and chunked, named as the route reads it or otherwise (a part nobody keeps). Every path
 * id is a real one of the customer's (a project, its uploaded part), so that routes which look the
 * part up before reading their body (a drawing, a review) read it. Afterwards the process still
 * answers and no temporary file is left.
 */

const ADMIN_TOKEN = 'truncated-bodies-admin-token-0123';
const MB3 = 3 * 1024 * 1024;
let child: ChildProcess;
let port = 0;
let dataDir = '';
let token = '';
let projectId = '';
let fileId = '';
let stderr = '';

interface Route {
  method: string;
  path: string;
  multipart: boolean;
}
const routes: Route[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'truncated-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'test', SEED_DEMO: '1', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_TOKEN, RATE_LIMIT_FACTOR: '1000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  await vi.waitFor(() => expect(stdout).toMatch(/API: http:\/\/127\.0\.0\.1:\d+\//), { timeout: 90_000, interval: 100 });
  port = Number(/API: http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout)?.[1]);
  await vi.waitFor(() => expect(stdout).toContain('seeded the demo customer'), { timeout: 30_000, interval: 100 });

  const login = await api('/api/manufacture/account/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  token = (login as { accessToken: string }).accessToken;
  projectId = ((await api('/msapi/manufacture/project', { name: 'Cut short', process: '3d-printing' })) as { id: string }).id;
  const form = new FormData();
  form.set('file', new Blob([fs.readFileSync(CUBE_STL)]), 'cube.stl');
  const upload = await fetch(`http://127.0.0.1:${port}/msapi/manufacture/project/${projectId}/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const uploaded = (await upload.json()) as { id: string; analysis: string };
  expect([upload.status, uploaded.analysis]).toEqual([201, 'done']);
  fileId = uploaded.id;

  for (const base of ['/api/manufacture', '/msapi/manufacture']) {
    const doc = (await (await fetch(`http://127.0.0.1:${port}${base}/openapi.json`)).json()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op.requestBody) continue;
        // Every path parameter gets a well-formed id (the customer's part where a file is named, its project elsewhere), so the route reads its body.
        const filled = p.replace(/\{fileId\}/g, fileId).replace(/\{[^}]+\}/g, projectId);
        routes.push({ method: method.toUpperCase(), path: base + filled, multipart: 'multipart/form-data' in op.requestBody.content });
      }
    }
  }
}, 120_000);

afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGTERM');
});

async function api(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const BOUNDARY = 'cut-short-boundary';
function multipartHead(part: string): Buffer {
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part}"; filename="part.stl"\r\nContent-Type: application/octet-stream\r\n\r\n`);
}
/** `size` bytes of a body: a multipart file part that never closes, or JSON cut off inside a string. */
function bodyOf(route: Route, size: number, part: string): Buffer {
  const head = route.multipart ? multipartHead(part) : Buffer.from('{"name":"');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x61)]).subarray(0, size);
}

type Ending = 'hang-up' | 'half-close' | 'complete';
interface Case {
  framing: 'sized' | 'chunked';
  /** Bytes sent. */
  sent: number;
  /** Sized: the length the head declares (more than is sent unless `complete`). */
  declared?: number;
  ending: Ending;
  /** The multipart file part's name: `file` unless said (the uploads read it; the drawing and the review read others). */
  part?: string;
}

/**
 * Sends one request as `c` says and resolves with its status line ('' when the server answered
 * nothing before the connection ended, which a request cut short may get).
 */
function send(route: Route, c: Case): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const body = bodyOf(route, c.sent, c.part ?? 'file');
    const type = route.multipart ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/json';
    const framing = c.framing === 'sized' ? `Content-Length: ${c.declared ?? c.sent}` : 'Transfer-Encoding: chunked';
    let answer = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer.split('\r\n')[0] ?? '');
    };
    // A request whose body never ends may wait for it; the test moves on (the server's own timeouts close it).
    const timer = setTimeout(done, 3000);
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
      if (answer.includes('\r\n\r\n')) done();
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.on('connect', () => {
      socket.write(`${route.method} ${route.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nX-Admin-Token: ${ADMIN_TOKEN}\r\nIdempotency-Key: k-${Math.random()}\r\nContent-Type: ${type}\r\n${framing}\r\n\r\n`);
      if (c.framing === 'sized') socket.write(body);
      else if (c.sent > 0) socket.write(`${c.sent.toString(16)}\r\n${body.toString('latin1')}${c.ending === 'complete' ? '\r\n' : ''}`, 'latin1');
      if (c.framing === 'chunked' && c.ending === 'complete') socket.write('0\r\n\r\n');
      if (c.ending === 'hang-up') setTimeout(() => socket.destroy(), 20);
      if (c.ending === 'half-close') socket.end();
    });
  });
}

const CUT_SHORT: Case[] = [
  { framing: 'sized', sent: 0, declared: 100, ending: 'hang-up' },
  { framing: 'sized', sent: 50, declared: 100, ending: 'half-close' },
  { framing: 'sized', sent: 60 * 1024, declared: 63 * 1024, ending: 'hang-up' },
  { framing: 'sized', sent: MB3, declared: MB3 + 1, ending: 'hang-up' },
  { framing: 'chunked', sent: 100, ending: 'hang-up' },
  { framing: 'chunked', sent: 100, ending: 'half-close' },
  { framing: 'chunked', sent: MB3, ending: 'hang-up' },
];
/**
 * A multipart body sent whole, but whose file part has no closing boundary (the request that
 * stopped the server), the part named as each route reads it (`file`, `drawing`, `attachment`) and
 * as none does (a part the route drains).
 */
const NO_CLOSING_BOUNDARY: Case[] = ['file', 'drawing', 'attachment', 'other'].flatMap((part) =>
  [0, 100, 64 * 1024, MB3].flatMap((sent) => [
    { framing: 'sized' as const, sent, ending: 'complete' as const, part },
    { framing: 'chunked' as const, sent, ending: 'complete' as const, part },
  ]),
);

const alive = async () => (await fetch(`http://127.0.0.1:${port}/health`)).status;

describe('bodies cut short on every route that reads one (issue 32 item 1)', () => {
  test('both documents name routes with bodies, the two multipart uploads among them', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.multipart).map((r) => r.path)).toEqual(
      expect.arrayContaining([
        `/api/manufacture/account/uploadImage`,
        `/msapi/manufacture/project/${projectId}/files`,
        `/msapi/manufacture/project/${projectId}/files/${fileId}/drawing`,
        `/msapi/manufacture/project/${projectId}/files/${fileId}/review`,
      ]),
    );
  });

  test('the process answers after each, with no 5xx, and leaves no temporary file', async () => {
    const fiveHundreds: string[] = [];
    for (const route of routes) {
      const cases = route.multipart ? [...CUT_SHORT, ...NO_CLOSING_BOUNDARY] : CUT_SHORT;
      for (const c of cases) {
        const status = await send(route, c);
        if (/^HTTP\/1\.1 5\d\d/.test(status)) fiveHundreds.push(`${route.method} ${route.path} ${JSON.stringify(c)}: ${status}`);
      }
      expect(child.exitCode, `the process stopped after ${route.method} ${route.path}:\n${stderr}`).toBeNull();
      expect(await alive()).toBe(200);
    }
    expect(fiveHundreds).toEqual([]);
    // The spool's partial files go with their request, whichever way it ended: at once, or, for a
    // write the server stopped waiting for (`settled`, 10 s), when that write ends. Longer than that
    // bound: once within it a file was still there beside a loaded CI run (stop 51).
    const spool = path.join(dataDir, 'quote-files', 'spool');
    const left = () => (fs.existsSync(spool) ? fs.readdirSync(spool) : []).map((name) => {
      const stat = fs.statSync(path.join(spool, name), { throwIfNoEntry: false });
      return stat ? `${name} (${stat.size} B, ${Math.round(Date.now() - stat.mtimeMs)} ms old)` : name;
    });
    await vi.waitFor(() => expect(left()).toEqual([]), { timeout: 30_000, interval: 100 });
  }, 600_000);
});
