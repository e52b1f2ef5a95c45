import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { z } from 'zod';
import { ApiErrorBodySchema } from '#domain/api/tools';
import type { AnswerObserver, ApiName } from '#server/app';
import type { Operation } from '#server/http/api-router';

/** `main POST /account/login 200`: one answered call as the contract check reads it. */
export function callKey(api: ApiName, operation: Pick<Operation, 'method' | 'fullPath'>): string {
  return `${api} ${operation.method.toUpperCase()} ${operation.fullPath}`;
}

const show = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

function valueAt(body: unknown, at: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of at) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** Fields the answer has that its shape does not declare (zod strips them: `parsed` lacks them). */
function undeclared(raw: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) return raw.flatMap((item, i) => undeclared(item, parsed[i], `${at}[${i}]`));
  if (raw && typeof raw === 'object' && parsed && typeof parsed === 'object' && !Array.isArray(raw)) {
    return Object.entries(raw).flatMap(([key, value]) =>
      key in parsed ? undeclared(value, (parsed as Record<string, unknown>)[key], at ? `${at}.${key}` : key) : [`${at ? `${at}.` : ''}${key}: not in the schema (value ${show(value)})`],
    );
  }
  return [];
}

/** What is wrong with `body` as an answer of `schema`, in lines a reader can act on; empty when it fits. */
export function contractProblems(schema: z.ZodType, body: unknown): string[] {
  const result = schema.safeParse(body);
  if (!result.success) {
    return result.error.issues.map((issue) => `${issue.path.join('.') || '(the body)'}: ${issue.message} (got ${show(valueAt(body, issue.path))})`);
  }
  return undeclared(body, result.data);
}

/**
 * The observer the test app hands to the server: every JSON answer a route handler produced is
 * parsed with the route's declared shape (success) or its declared other answers (402, 422 …);
 * a mismatch is kept for the test that made the call, which then fails with the difference.
 * Every answered route is recorded for the contract check of tests/server/contract.
 */
export function contractObserver(): { observe: AnswerObserver; takeMismatches(): string[] } {
  const mismatches: string[] = [];
  const seen = new Set<string>();
  let callsFile: string | undefined;
  const record = (line: string) => {
    if (seen.has(line)) return;
    seen.add(line);
    callsFile ??= path.join(inject('contractCallsDir'), `${process.pid}-${randomUUID()}.log`);
    fs.appendFileSync(callsFile, `${line}\n`);
  };
  const observe: AnswerObserver = async (api, operation, response) => {
    record(`${callKey(api, operation)} ${response.status}`);
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    const success = response.status >= 200 && response.status < 300;
    const schema = success ? operation.response : (operation.responses?.[response.status]?.schema ?? ApiErrorBodySchema);
    const label = `${operation.method.toUpperCase()} ${operation.fullPath} answered ${response.status}`;
    if (!schema) {
      if (success && isJson) mismatches.push(`${label} with JSON, but the route declares no response shape.`);
      return;
    }
    if (!isJson) {
      mismatches.push(`${label} with ${response.headers.get('content-type') ?? 'no content type'}, but the route declares a JSON shape.`);
      return;
    }
    const body: unknown = await response.clone().json();
    const problems = contractProblems(schema, body);
    if (problems.length > 0) mismatches.push(`${label} with a body that does not match its declared shape:\n  - ${problems.join('\n  - ')}`);
  };
  return { observe, takeMismatches: () => mismatches.splice(0) };
}
