import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findNginx } from '../../scripts/ensure-system-deps.mjs';
import { NGINX_CONFIG_PATH, countsFromAccessLog, forNginxVersion, nginxVersion, renderForTopology } from '../../scripts/nginx.ts';

/**
 * Issue 41 item 2 (ADR 173): the guide's nginx configuration (docs/deploy/nginx.conf) is the one
 * the topology test runs. These tests hold the rendering to the changes it names, check the file
 * says what the guide promises, and, where nginx is installed, have nginx itself check both files.
 */

const guide = fs.readFileSync(NGINX_CONFIG_PATH, 'utf8');
const upstreams = [
  { name: 'api-a', port: 41001 },
  { name: 'api-b', port: 41002 },
];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-config-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const rendered = renderForTopology(guide, { upstreams, port: 41000, prefix: scratch });

/** The directives of a configuration, one per entry, comments and blank lines left out. */
function directives(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
}

describe('docs/deploy/nginx.conf', () => {
  it('has what the guide promises: passive health checks, keep-alive to the servers, forwarded headers, body sizes, streamed uploads, timeouts, TLS and HTTP/2', () => {
    const lines = directives(guide);
    expect(lines.filter((l) => /^server \S+:\d+ max_fails=\d+ fail_timeout=\d+s;$/.test(l))).toHaveLength(2);
    for (const line of [
      'keepalive 32;',
      'keepalive_timeout 60s;',
      'proxy_http_version 1.1;',
      'proxy_set_header Connection "";',
      'proxy_set_header X-Forwarded-For $remote_addr;',
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'proxy_next_upstream error timeout;',
      'client_max_body_size 3m;',
      'client_max_body_size 101m;',
      'proxy_request_buffering off;',
      'proxy_read_timeout 150s;',
      'listen 443 ssl;',
      'http2 on;',
      'return 301 https://$host$request_uri;',
    ]) {
      expect(lines).toContain(line);
    }
    // Never appends to what the client sent: the API counts the first address (TRUST_PROXY=1).
    expect(guide).not.toMatch(/^\s*proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for/m);
    // No WebSocket or server-sent events: nothing to upgrade.
    expect(guide).not.toMatch(/^\s*proxy_set_header (Upgrade|Connection \$)/m);
  });

  it('takes uploads as large as the API does, and waits for an answer longer than the analysis time limit', async () => {
    const { MAX_FILE_SIZE_BYTES } = await import('#domain/catalogue/limits');
    const { AVATAR_DEFAULT_MAX_BYTES } = await import('#domain/rules/account-rules');
    const mb = (line: string) => Number(/client_max_body_size (\d+)m;/.exec(line)![1]) * 1024 * 1024;
    const upload = directives(guide).find((l) => l.startsWith('client_max_body_size 1'))!;
    const everywhere = directives(guide).find((l) => l.startsWith('client_max_body_size 3'))!;
    // Above the API's limit by the multipart envelope and no more: the API's own message answers in between.
    expect(mb(upload)).toBeGreaterThan(MAX_FILE_SIZE_BYTES);
    expect(mb(upload) - MAX_FILE_SIZE_BYTES).toBeLessThanOrEqual(1024 * 1024);
    expect(mb(everywhere)).toBeGreaterThan(AVATAR_DEFAULT_MAX_BYTES);
    const { readConfig } = await import('#server/config');
    expect(150_000).toBeGreaterThan(readConfig({}).quoteAnalysisTimeoutMs);
    // The upload location is the upload route's path.
    const location = /location ~ (\S+) \{/.exec(guide)![1]!;
    expect(new RegExp(location).test('/msapi/manufacture/project/0b0e8d4c-1c2d-4e5f-8a9b-0c1d2e3f4a5b/files')).toBe(true);
    expect(new RegExp(location).test('/msapi/manufacture/project/p1/files/f1/configuration')).toBe(false);
  });

  it('is rendered for the topology with only the changes scripts/nginx.ts names', () => {
    const removedFromGuide = (l: string) =>
      /^(user|pid|error_log|access_log) /.test(l) ||
      /^server \d+\.\d+\.\d+\.\d+:\d+ /.test(l) ||
      /^listen (80|\[::\]:80|443 ssl|\[::\]:443 ssl);$/.test(l) ||
      l === 'http2 on;' ||
      l.startsWith('ssl_') ||
      l.startsWith('add_header Strict-Transport-Security') ||
      // The redirecting server's own lines (its server_name is the same as the kept one's).
      l === 'return 301 https://$host$request_uri;';
    const addedByRendering = (l: string) =>
      /^(pid|error_log|access_log|(client_body|proxy|fastcgi|uwsgi|scgi)_temp_path) /.test(l) ||
      /^server 127\.0\.0\.1:\d+ /.test(l) ||
      /^listen 127\.0\.0\.1:\d+;$/.test(l) ||
      ['set_real_ip_from 127.0.0.1;', 'real_ip_header X-Forwarded-For;', 'real_ip_recursive on;', 'add_header X-Upstream $upstream_addr always;'].includes(l);
    const kept = directives(guide).filter((l) => !removedFromGuide(l));
    const left = directives(rendered).filter((l) => !addedByRendering(l));
    // The redirecting server's `server {`, `listen`, `server_name` and `}` are gone: one fewer of each.
    const withoutOne = (list: string[], line: string) => {
      const i = list.indexOf(line);
      return i < 0 ? list : [...list.slice(0, i), ...list.slice(i + 1)];
    };
    let expected = withoutOne(withoutOne(kept, 'server {'), 'server_name manufacture.example.com;');
    expected = withoutOne(expected, '}');
    expect([...left].sort()).toEqual([...expected].sort());
    expect(directives(rendered).filter((l) => l.startsWith('server 127.0.0.1'))).toEqual([
      'server 127.0.0.1:41001 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:41002 max_fails=1 fail_timeout=5s;',
    ]);
    expect(directives(rendered)).toContain('listen 127.0.0.1:41000;');
    expect(directives(rendered).join('\n')).not.toMatch(/ssl|http2|\/var\/log|\/run\//);
  });

  it('fails to render when the guide no longer has a line the rendering expects', () => {
    expect(() => renderForTopology(guide.replace(/^\s*listen 443 ssl;\n/m, ''), { upstreams, port: 1, prefix: scratch })).toThrow(/`listen 443 ssl;` not found/);
    expect(() => renderForTopology(guide.replace(/set_real_ip_from/g, 'set_real_ip'), { upstreams, port: 1, prefix: scratch })).toThrow(/set_real_ip_from/);
  });

  it('is written for nginx 1.25.1 and later, and for older ones as its header says (listen … ssl http2)', () => {
    expect(forNginxVersion(guide, '1.27.0')).toBe(guide);
    const old = forNginxVersion(guide, '1.22.1');
    expect(directives(old)).not.toContain('http2 on;');
    expect(directives(old)).toContain('listen 443 ssl http2;');
    expect(directives(old)).toContain('listen [::]:443 ssl http2;');
  });
});

describe('counts from the access log', () => {
  const names = new Map([
    ['127.0.0.1:41001', 'api-a'],
    ['127.0.0.1:41002', 'api-b'],
  ]);
  it('reads who answered, what was passed on and what failed', () => {
    const log = [
      '127.0.0.1 [01/Jan/2026:00:00:00 +0000] "GET /ready HTTP/1.1" 200 15 0.002 upstream="127.0.0.1:41001" upstream_status="200" upstream_time="0.002"',
      '127.0.0.1 [01/Jan/2026:00:00:00 +0000] "GET /api/x HTTP/1.1" 200 15 0.004 upstream="127.0.0.1:41002, 127.0.0.1:41001" upstream_status="502, 200" upstream_time="0.000, 0.003"',
      '127.0.0.1 [01/Jan/2026:00:00:00 +0000] "POST /msapi/x HTTP/1.1" 502 157 0.010 upstream="127.0.0.1:41002" upstream_status="502" upstream_time="0.009"',
      '127.0.0.1 [01/Jan/2026:00:00:00 +0000] "GET /api/y HTTP/1.1" 404 30 0.001 upstream="127.0.0.1:41002" upstream_status="404" upstream_time="0.001"',
      '',
    ].join('\n');
    const counts = countsFromAccessLog(log, names);
    expect(counts).toEqual({ served: new Map([['api-a', 2], ['api-b', 1]]), retried: 1, failed: 1, requests: 4 });
  });
});

const nginx = findNginx();
describe.runIf(nginx)('nginx itself accepts the files (nginx -t)', () => {
  const check = (text: string, name: string) => {
    const conf = path.join(scratch, name);
    fs.writeFileSync(conf, text);
    return spawnSync(nginx!, ['-t', '-p', scratch, '-c', conf], { encoding: 'utf8' });
  };

  it('the guide’s file, with a certificate of its own and files under a temporary folder', () => {
    const cert = path.join(scratch, 'cert.pem');
    const key = path.join(scratch, 'key.pem');
    const openssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=manufacture.example.com'], { encoding: 'utf8' });
    expect(openssl.status, openssl.stderr).toBe(0);
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(scratch, kind), { recursive: true });
    const text = forNginxVersion(guide, nginxVersion(nginx!))
      .replace('/etc/ssl/manufacture/fullchain.pem', cert)
      .replace('/etc/ssl/manufacture/privkey.pem', key)
      .replace('/run/nginx.pid', path.join(scratch, 'guide.pid'))
      .replace('/var/log/nginx/error.log', path.join(scratch, 'guide-error.log'))
      .replace('/var/log/nginx/manufacture.log', path.join(scratch, 'guide-access.log'))
      .replace(/^http \{\n/m, `http {\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `    ${k}_temp_path ${scratch}/${k};`).join('\n')}\n`);
    const result = check(text, 'guide.conf');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('test is successful');
  });

  it('the rendering the topology runs', () => {
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(scratch, kind), { recursive: true });
    const result = check(forNginxVersion(rendered, nginxVersion(nginx!)), 'rendered.conf');
    expect(result.status, result.stderr).toBe(0);
  });
});
