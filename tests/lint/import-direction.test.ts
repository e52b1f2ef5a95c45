import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** Lints one line of code as if it were the file at `filePath`, and returns the rules that fired. */
async function rulesFired(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = x;\n`, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const BOUNDARY = 'boundaries/element-types';

describe('the import direction of docs/architecture.md', () => {
  test.each([
    ['a feature importing another feature by alias', 'features/quote/probe.ts', "import { login as x } from '#features/auth/api';"],
    ['a feature importing another feature by relative path', 'features/quote/probe.ts', "import { login as x } from '../auth/api.ts';"],
    ['ui importing lib', 'ui/probe.ts', "import { mainApi as x } from '#lib/api/client';"],
    ['ui importing a feature', 'ui/probe.ts', "import { login as x } from '#features/auth/api';"],
    ['domain importing the server', 'domain/probe.ts', "import { readConfig as x } from '#server/config';"],
    ['domain importing ui', 'domain/probe.ts', "import { Button as x } from '#ui/button';"],
    ['the server importing lib', 'server/probe.ts', "import { apiSegment as x } from '#lib/env';"],
    ['the server importing ui', 'server/probe.ts', "import { Button as x } from '#ui/button';"],
    ['a machine importing lib (HTTP reaches machines only as actors)', 'machines/probe.ts', "import { mainApi as x } from '#lib/api/client';"],
    ['lib importing a feature', 'lib/probe.ts', "import { login as x } from '#features/auth/api';"],
    ['a feature importing routes', 'features/auth/probe.ts', "import { App as x } from '#routes/app';"],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect(await rulesFired(filePath, code)).toContain(BOUNDARY);
  });

  test.each([
    ['a feature importing its own files', 'features/auth/probe.ts', "import { login as x } from './api.ts';"],
    ['a feature importing ui, lib and domain', 'features/auth/probe.ts', "import { Button as x } from '#ui/button';\nimport { mainApi } from '#lib/api/client';\nimport { MAIN_API_BASE } from '#domain/api/bases';\nvoid mainApi; void MAIN_API_BASE;"],
    ['routes importing a feature', 'routes/probe.ts', "import { login as x } from '#features/auth/api';"],
    ['the server importing domain', 'server/probe.ts', "import { MAIN_API_BASE as x } from '#domain/api/bases';"],
    ['lib importing domain', 'lib/probe.ts', "import { MAIN_API_BASE as x } from '#domain/api/bases';"],
  ])('%s passes', async (_name, filePath, code) => {
    expect(await rulesFired(filePath, code)).not.toContain(BOUNDARY);
  });
});

test('file names must be kebab-case', async () => {
  expect(await rulesFired('ui/MyButton.ts', 'const x = 1;')).toContain('check-file/filename-naming-convention');
  expect(await rulesFired('ui/my-button.ts', 'const x = 1;')).not.toContain('check-file/filename-naming-convention');
});
