import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import type { Project, QuoteFile } from '#domain/api/quote';
import type { ServerConfig } from '#server/config';
import { createTestApp, type CallOptions, type TestApp, type TestAppOptions } from '../helpers/test-app.ts';

import { CAD_FIXTURES } from '../../domain/support/fixtures.ts';

export const FIXTURES = CAD_FIXTURES;
/**
 * A Tuesday, 10:00 in the factory's time zone (before its 15:00 cut-off): where a test jumps the
 * clock and expects the ship date to move. From the real now, a Friday after the cut-off starts
 * production on Monday both before and after a jump of up to three days, and the date stays.
 */
export const WORKING_MORNING = new Date('2026-11-10T02:00:00Z');
export const STL_MODELS = path.resolve('node_modules/stl-models');
export const CUBE_STL = path.join(FIXTURES, 'cube-10x10mm--cube-10x10.stl');
export const CUBE_STEP = path.join(FIXTURES, 'cube-10x10mm--cube-10x10.stp');

export const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

/** A printing configuration the catalogue can price and order (the first material and colour). */
export const PRINT_CONFIG: PartConfiguration = {
  process: '3d-printing',
  materialId: 'sla-standard-resin',
  colourId: 'white',
  quantity: 5,
  tier: 'standard',
  finishes: [],
};

export interface QuoteTestApp extends TestApp {
  filesDir: string;
  /** Calls the microservice API: `ms('project/list', { token })`. */
  ms<T = Record<string, unknown>>(path: string, options?: CallOptions): Promise<{ status: number; body: T }>;
  upload(projectId: string, token: string | undefined, bytes: Uint8Array, name: string): Promise<{ status: number; body: QuoteFile & { message?: string; errors?: Record<string, string[]> }; headers: Headers }>;
  temporaryToken(): Promise<string>;
  project(token: string, name?: string, process?: string): Promise<Project>;
  /** Files under the store and the spool, relative to `filesDir`. */
  storedFiles(): Promise<string[]>;
}

export async function createQuoteTestApp(overrides: Partial<ServerConfig> = {}, options: TestAppOptions = {}): Promise<QuoteTestApp> {
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quote-files-'));
  const t = await createTestApp({ quoteFilesDir: filesDir, quoteWorkers: 1, ...overrides }, options);
  const base = `/msapi/${t.config.apiSegment}/`;
  const ms = async <T,>(p: string, o: CallOptions = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    const method = o.method ?? (o.body !== undefined ? 'POST' : 'GET');
    const body = o.body !== undefined && method !== 'GET' ? JSON.stringify(o.body) : undefined;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await t.fetch(`${base}${p}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const upload: QuoteTestApp['upload'] = async (projectId, token, bytes, name) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await t.fetch(`${base}project/${projectId}/files`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: (await res.json()) as never, headers: res.headers };
  };
  const list = async (dir: string): Promise<string[]> => {
    const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.relative(filesDir, path.join(e.parentPath, e.name))).sort();
  };
  return {
    ...t,
    filesDir,
    ms,
    upload,
    async temporaryToken() {
      const res = await t.call<{ temporaryToken: string }>('account/temporaryToken', { method: 'POST' });
      if (res.status !== 201) throw new Error(`temporaryToken: ${res.status}`);
      return res.body.temporaryToken;
    },
    async project(token, name = 'Bracket', process = '3d-printing') {
      const res = await ms<Project>('project', { token, body: { name, process } });
      if (res.status !== 201) throw new Error(`create project: ${JSON.stringify(res)}`);
      return res.body;
    },
    storedFiles: () => list(filesDir),
    async close() {
      await t.ctx.quote.close();
      await t.close();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}

export async function readFixture(file: string): Promise<Uint8Array> {
  return new Uint8Array(await fs.readFile(file));
}
