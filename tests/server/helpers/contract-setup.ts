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
const shared = globalThis as typeof globalThis & { __contractCalls?: { dir: string; users: number } };

/**
 * Global setup of the server suites: a fresh folder where every test app records the routes it
 * called and how they answered, so that the contract check (which runs after the whole server
 * suite, `sequence.groupOrder`) can tell which routes no test reached.
 */
export default function setup(project: TestProject): () => void {
  shared.__contractCalls ??= { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'contract-calls-')), users: 0 };
  shared.__contractCalls.users++;
  project.provide('contractCallsDir', shared.__contractCalls.dir);
  return () => {
    const calls = shared.__contractCalls;
    if (!calls || --calls.users > 0) return;
    fs.rmSync(calls.dir, { recursive: true, force: true });
    delete shared.__contractCalls;
  };
}
