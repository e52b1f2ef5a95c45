// nginx from Debian as the topology's reverse proxy (issue 41 item 2, ADR 173): the configuration
// the guide gives (docs/deploy/nginx.conf) rendered for loopback, started as a child process, and
// what it did read from its access log.
//
// The rendering changes only what a machine of its own needs changed, each change named below;
// when the guide's file no longer has a line a change expects, rendering fails (so the test never
// runs a configuration that drifted from the guide's without anyone noticing).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findNginx } from './ensure-system-deps.mjs';

export const NGINX_CONFIG_PATH = path.resolve(import.meta.dirname, '../docs/deploy/nginx.conf');

export interface NginxUpstream {
  name: string;
  port: number;
}

export interface TopologyRendering {
  upstreams: NginxUpstream[];
  /** The loopback port nginx listens on (plain HTTP). */
  port: number;
  /** A folder of its own: pid, logs and temporary files go there. */
  prefix: string;
}

/** Replaces the one match of `pattern` (a missing one is an error naming `what`). */
function replaceOne(text: string, pattern: RegExp, replacement: string | ((match: string, ...groups: string[]) => string), what: string): string {
  const matches = text.match(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`));
  if (!matches || matches.length === 0) throw new Error(`docs/deploy/nginx.conf: ${what} not found; scripts/nginx.ts renders the guide's file and expects it`);
  return text.replace(pattern, replacement as string);
}

/** The `{ … }` block that starts at `open` (the index of its `{`), as [start, end) of the text. */
function blockEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '#') {
      i = text.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return i + 1;
  }
  throw new Error('docs/deploy/nginx.conf: unbalanced braces');
}

/**
 * The guide's configuration for one machine's loopback, as the topology test and benchmark run it:
 * - files: `user` dropped (a test runs nginx as whoever it is), pid, error and access logs, and the
 *   temporary folders under `prefix`;
 * - the upstream's `server` lines: one per test API on 127.0.0.1, with the guide's parameters
 *   (max_fails, fail_timeout);
 * - the plain-HTTP server that redirects to HTTPS dropped; the HTTPS server listens on
 *   127.0.0.1:`port` without TLS: its `listen … ssl`, `http2` and `ssl_*` lines and the HSTS header go;
 * - the client's address: the test's client stands for a balancer in front (the guide's commented
 *   `set_real_ip_from` block, for 127.0.0.1), so a test can speak for several client addresses;
 * - `X-Upstream: $upstream_addr` on every answer, so a test sees which API answered.
 * Everything else (keep-alive, timeouts, body sizes, streaming of uploads, retries, forwarded
 * headers, health parameters) is the guide's, unchanged.
 */
export function renderForTopology(text: string, { upstreams, port, prefix }: TopologyRendering): string {
  let out = text;
  out = replaceOne(out, /^user [^;]+;\n/m, '', '`user`');
  out = replaceOne(out, /^pid [^;]+;/m, `pid ${prefix}/nginx.pid;`, '`pid`');
  out = replaceOne(out, /^error_log \S+ (\w+);/m, (_m, level) => `error_log ${prefix}/error.log ${level};`, '`error_log`');
  out = replaceOne(out, /^(\s*)access_log \S+ upstreams;/m, (_m, indent) => `${indent}access_log ${prefix}/access.log upstreams;`, '`access_log … upstreams`');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${prefix}/${kind};`).join('\n');
  out = replaceOne(out, /^http \{\n/m, `http {\n${temp}\n`, '`http {`');

  // The upstream's servers.
  const upstreamAt = out.search(/^\s*upstream manufacture_api \{/m);
  if (upstreamAt < 0) throw new Error('docs/deploy/nginx.conf: `upstream manufacture_api` not found');
  const upstreamEnd = blockEnd(out, out.indexOf('{', upstreamAt));
  const block = out.slice(upstreamAt, upstreamEnd);
  const servers = [...block.matchAll(/^(\s*)server \S+( [^;]*)?;\n/gm)];
  if (servers.length === 0) throw new Error('docs/deploy/nginx.conf: no `server` line in `upstream manufacture_api`');
  const [, indent, params = ''] = servers[0]!;
  const lines = upstreams.map((u) => `${indent}server 127.0.0.1:${u.port}${params};  # ${u.name}\n`).join('');
  let rendered = block.replace(servers[0]![0], lines);
  for (const extra of servers.slice(1)) rendered = rendered.replace(extra[0], '');
  out = out.slice(0, upstreamAt) + rendered + out.slice(upstreamEnd);

  // The redirecting plain-HTTP server.
  const redirect = /^\s*server \{\n\s*listen 80;/m.exec(out);
  if (!redirect) throw new Error('docs/deploy/nginx.conf: the `listen 80` server not found');
  const redirectStart = redirect.index + redirect[0].indexOf('server');
  out = out.slice(0, redirect.index) + '\n' + out.slice(blockEnd(out, out.indexOf('{', redirectStart))).replace(/^\n+/, '\n');

  // TLS and HTTP/2 (browsers speak HTTP/2 only over TLS).
  out = replaceOne(out, /^(\s*)listen 443 ssl( http2)?;/m, (_m, indent) => `${indent}listen 127.0.0.1:${port};`, '`listen 443 ssl;`');
  out = out.replace(/^\s*listen \[::\]:443 ssl( http2)?;\n/m, '');
  out = out.replace(/^\s*http2 on;\n/m, '');
  out = replaceOne(out, /^\s*ssl_certificate [^;]+;\n/m, '', '`ssl_certificate`');
  out = out.replace(/^\s*ssl_[a-z_]+ [^;]+;\n/gm, '');
  out = out.replace(/^\s*add_header Strict-Transport-Security [^;]+;\n/m, '');

  // The test's client stands for a balancer in front; the test reads which API answered.
  out = replaceOne(
    out,
    /^(\s*)#\s+set_real_ip_from [^;]+;\n\s*#\s+real_ip_header X-Forwarded-For;\n\s*#\s+real_ip_recursive on;\n/m,
    (_m, indent) => `${indent}set_real_ip_from 127.0.0.1;\n${indent}real_ip_header X-Forwarded-For;\n${indent}real_ip_recursive on;\n${indent}add_header X-Upstream $upstream_addr always;\n`,
    'the commented `set_real_ip_from` block',
  );
  return out;
}

/** `1.22.1` → [1, 22, 1]. */
function versionParts(version: string): number[] {
  return version.split('.').map(Number);
}

/** The version of the nginx at `bin` (`nginx -v` prints `nginx version: nginx/1.22.1` on stderr). */
export function nginxVersion(bin: string): string {
  const result = spawnSync(bin, ['-v'], { encoding: 'utf8' });
  const match = /nginx\/(\d+\.\d+\.\d+)/.exec(`${result.stderr}${result.stdout}`);
  if (!match) throw new Error(`${bin} -v printed no version: ${result.stderr}`);
  return match[1]!;
}

/**
 * The guide's file for an nginx older than 1.25.1 (Debian 12 has 1.22), which does not know
 * `http2 on;`: the change the file's own header tells the reader to make.
 */
export function forNginxVersion(text: string, version: string): string {
  const [major = 0, minor = 0, patch = 0] = versionParts(version);
  const modern = major > 1 || (major === 1 && (minor > 25 || (minor === 25 && patch >= 1)));
  if (modern || !/^\s*http2 on;/m.test(text)) return text;
  return text.replace(/^\s*http2 on;\n/m, '').replace(/^(\s*listen (?:\[::\]:)?443 ssl);/gm, '$1 http2;');
}

/** What nginx did, from its access log (`log_format upstreams`). */
export interface BalancerCounts {
  /** Answers each upstream gave (by name), whatever their status. */
  served: Map<string, number>;
  /** Requests sent to another upstream after one failed (refused, dropped, timed out). */
  retried: number;
  /** 502/504 answers of the balancer itself: no upstream answered. */
  failed: number;
  /** Requests logged. */
  requests: number;
}

/** Reads the counts from the access log's `upstream="…" upstream_status="…"` fields. */
export function countsFromAccessLog(log: string, names: Map<string, string>): BalancerCounts {
  const counts: BalancerCounts = { served: new Map(), retried: 0, failed: 0, requests: 0 };
  for (const line of log.split('\n')) {
    const match = /" (\d{3}) \d+ [\d.]+ upstream="([^"]*)" upstream_status="([^"]*)"/.exec(line);
    if (!match) continue;
    counts.requests++;
    const [, status, addrs, statuses] = match;
    // Several servers tried: "a, b"; `:` separates upstream groups after an internal redirect.
    const tried = addrs!.split(/, | : /).filter((a) => a !== '-');
    const answers = statuses!.split(/, | : /);
    if (tried.length > 1) counts.retried++;
    tried.forEach((addr, i) => {
      const answer = answers[i] ?? '-';
      // nginx writes 502 for a server that refused or dropped the connection, 504 for one that timed out.
      if (answer === '502' || answer === '504' || answer === '-') return;
      const name = names.get(addr) ?? addr;
      counts.served.set(name, (counts.served.get(name) ?? 0) + 1);
    });
    const last = answers.at(-1);
    if ((status === '502' || status === '504') && (last === undefined || last === '502' || last === '504' || last === '-')) counts.failed++;
  }
  return counts;
}

export interface NginxProcess {
  url: string;
  pid: number | undefined;
  /** What nginx logged so far (each request is logged once its answer is sent). */
  counts(): BalancerCounts;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's nginx (`nginx -p <prefix> -c <conf> -g 'daemon off;'`) on the guide's
 * configuration rendered for `upstreams`, and waits until it answers. Null when nginx is not
 * installed (the caller falls back to the Node proxy).
 */
export async function startNginx(upstreams: NginxUpstream[], port: number, prefix: string): Promise<NginxProcess | null> {
  const bin = findNginx();
  if (!bin) return null;
  fs.mkdirSync(prefix, { recursive: true });
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    // nginx's workers run as `nobody` when started by root: they write request bodies and large answers here.
    fs.mkdirSync(path.join(prefix, kind), { recursive: true, mode: 0o777 });
    fs.chmodSync(path.join(prefix, kind), 0o777);
  }
  const text = forNginxVersion(renderForTopology(fs.readFileSync(NGINX_CONFIG_PATH, 'utf8'), { upstreams, port, prefix }), nginxVersion(bin));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, text);
  fs.writeFileSync(path.join(prefix, 'access.log'), '');
  let output = '';
  const child = spawn(bin, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const names = new Map(upstreams.map((u) => [`127.0.0.1:${u.port}`, u.name]));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // SIGQUIT: nginx's graceful stop (finishes the requests in flight); SIGKILL when it lingers.
    child.kill('SIGQUIT');
    const left = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000).unref())]);
    if (!left) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  // Ready when it accepts a connection (its own answer, whatever the upstreams do).
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}\n${fs.readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
    const answered = await fetch(`${url}/health`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${url}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The log counts the test's requests, not the probe above: emptied once the probe is logged
  // (nginx logs a request after its answer is sent, and appends: emptying it is safe).
  const log = path.join(prefix, 'access.log');
  while (fs.statSync(log).size === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  fs.truncateSync(log, 0);
  return {
    url,
    pid: child.pid,
    counts: () => countsFromAccessLog(fs.readFileSync(path.join(prefix, 'access.log'), 'utf8'), names),
    output: () => output,
    stop,
  };
}
