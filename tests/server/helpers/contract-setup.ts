import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test app writes the routes it called (tests/server/contract reads them). */
    contractCallsDir: string;
  }
}

/** The one folder of this run, shared by the `server` and `server-contract` projects (same process). */
const shared = globalThis as typeof globalThis & { __contractCallsDir?: string };

/**
 * Global setup of the server suites: a fresh folder where every test app records the routes it
 * called and how they answered, so that the contract check (which runs after the whole server
 * suite, `sequence.groupOrder`) can tell which routes no test reached. Vitest may tear a project
 * down before the next group starts, so the folder lives until the process exits.
 */
export default function setup(project: TestProject): void {
  if (!shared.__contractCallsDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-calls-'));
    shared.__contractCallsDir = dir;
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  project.provide('contractCallsDir', shared.__contractCallsDir);
}
