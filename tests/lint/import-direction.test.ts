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

describe('the server’s layers run one way (ADR 061): app -> http -> services -> db -> core; cli uses services, never http', () => {
  test.each([
    ['a service importing http', 'server/orders/probe.ts', "import { ApiRouter as x } from '../http/api-router.ts';"],
    ['a service importing the app', 'server/quote/probe.ts', "import { createApp as x } from '../app.ts';"],
    ['the CLI importing http', 'server/cli/probe.ts', "import { ApiRouter as x } from '../http/api-router.ts';"],
    ['http importing the database layer', 'server/http/probe.ts', "import { paginate as x } from '../db/paginate.ts';"],
    ['the database layer importing a service', 'server/db/probe.ts', "import { insertUser as x } from '../accounts/users.ts';"],
    ['the database layer importing http', 'server/db/seed/probe.ts', "import { ApiRouter as x } from '../../http/api-router.ts';"],
    ['the core (errors) importing a service', 'server/errors.ts', "import { insertUser as x } from './accounts/users.ts';"],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect(await rulesFired(filePath, code)).toContain(BOUNDARY);
  });

  test.each([
    ['the app importing http', 'server/app.ts', "import { ApiRouter as x } from './http/api-router.ts';"],
    ['http importing a service and the core', 'server/http/probe.ts', "import { insertUser as x } from '../accounts/users.ts';\nimport { HttpError } from '../errors.ts';\nvoid HttpError;"],
    ['a service importing the database layer', 'server/orders/probe.ts', "import { paginate as x } from '../db/paginate.ts';"],
    ['the CLI importing a service and the database layer', 'server/cli/probe.ts', "import { Payments as x } from '../payments/payments.ts';\nimport { openDatabase } from '../db/database.ts';\nvoid openDatabase;"],
    ['the database layer importing the core', 'server/db/probe.ts', "import { readConfig as x } from '../config.ts';"],
  ])('%s passes', async (_name, filePath, code) => {
    expect(await rulesFired(filePath, code)).not.toContain(BOUNDARY);
  });
});

describe('the server’s rooms on floors (ADR 181): a room imports itself and the floors below, never beside or above', () => {
  test.each([
    ['payments importing orders (what follows a payment listens to its events)', 'server/payments/probe.ts', "import { orderPayable as x } from '../orders/payable.ts';"],
    ['payments importing rewards', 'server/payments/probe.ts', "import { rewardReferrerOfPaidOrder as x } from '../rewards/referral.ts';"],
    ['auth importing accounts', 'server/auth/probe.ts', "import { signIn as x } from '../accounts/accounts.ts';"],
    ['accounts importing orders', 'server/accounts/probe.ts', "import { orderPayable as x } from '../orders/payable.ts';"],
    ['jobs importing quote (the schedule is the composition root’s)', 'server/jobs/probe.ts', "import { removeExpiredQuoteFiles as x } from '../quote/retention.ts';"],
    ['storage importing quote', 'server/storage/probe.ts', "import { S3QuoteFileStore as x } from '../quote/s3-file-store.ts';"],
    ['a room importing the room beside it (quote and rewards share a floor)', 'server/quote/probe.ts', "import { issueCoupon as x } from '../rewards/coupons.ts';"],
    ['a service importing the composition root', 'server/orders/probe.ts', "import { createPayments as x } from '../composition/payments.ts';"],
    ['a service taking the routes’ context', 'server/accounts/probe.ts', "import type { AppContext as x } from '../http/app-context.ts';\nexport type Probe = x;"],
    ['http importing the composition root', 'server/http/probe.ts', "import { createAppContext as x } from '../composition/app-context.ts';"],
    ['a folder given no floor importing a service', 'server/newroom/probe.ts', "import { insertUser as x } from '../accounts/users.ts';"],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect(await rulesFired(filePath, code)).toContain(BOUNDARY);
  });

  test.each([
    ['orders importing payments', 'server/orders/probe.ts', "import { postLedgerEntry as x } from '../payments/ledger.ts';"],
    ['accounts importing auth and payments', 'server/accounts/probe.ts', "import { hashNewPassword as x } from '../auth/passwords.ts';\nimport { postLedgerEntry } from '../payments/ledger.ts';\nvoid postLedgerEntry;"],
    ['the composition root importing orders and rewards', 'server/composition/probe.ts', "import { orderPayable as x } from '../orders/payable.ts';\nimport { reversePaidOrderPoints } from '../rewards/points.ts';\nvoid reversePaidOrderPoints;"],
    ['http importing a database type', 'server/http/probe.ts', "import type { Database as x } from '../db/schema.ts';\nexport type Probe = x;"],
    ['the CLI importing the composition root', 'server/cli/probe.ts', "import { createPayments as x } from '../composition/payments.ts';"],
  ])('%s passes', async (_name, filePath, code) => {
    expect(await rulesFired(filePath, code)).not.toContain(BOUNDARY);
  });
});

describe('the browser takes only types from domain/api (ADR 060: its values are zod schemas)', () => {
  const RESTRICTED = '@typescript-eslint/no-restricted-imports';

  test.each([
    ['a feature importing a schema', 'features/auth/probe.ts', "import { UserInfoSchema as x } from '#domain/api/account';"],
    ['lib importing a constant of a schema module', 'lib/probe.ts', "import { ORDER_NOT_FOUND as x } from '#domain/api/order';"],
    ['a machine importing by relative path', 'machines/probe.ts', "import { CartSchema as x } from '../domain/api/quote.ts';"],
    ['a route importing a schema', 'routes/probe.ts', "import { PageQuerySchema as x } from '#domain/api/paging';"],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect(await rulesFired(filePath, code)).toContain(RESTRICTED);
  });

  test.each([
    ['a feature importing a type', 'features/auth/probe.ts', "import type { UserInfo } from '#domain/api/account';\nconst x = null as UserInfo | null;"],
    ['lib importing the API bases', 'lib/probe.ts', "import { MAIN_API_BASE as x } from '#domain/api/bases';"],
    ['the server importing a schema', 'server/http/probe.ts', "import { UserInfoSchema as x } from '#domain/api/account';"],
  ])('%s passes', async (_name, filePath, code) => {
    expect(await rulesFired(filePath, code)).not.toContain(RESTRICTED);
  });
});

describe('ui/ is the door to react-aria-components (issue 37 item 5, ADR 197)', () => {
  const RESTRICTED = '@typescript-eslint/no-restricted-imports';
  test.each([
    ['a feature importing a control', 'features/quote/probe.tsx', "import { Button as x } from 'react-aria-components';"],
    ['a feature importing a collection type', 'features/quote/probe.ts', "import type { Selection } from 'react-aria-components';\nconst x = null as Selection | null;"],
    ['a route importing a primitive', 'routes/probe.tsx', "import { RouterProvider as x } from 'react-aria-components';"],
  ])('%s fails lint', async (_name, filePath, code) => {
    expect(await rulesFired(filePath, code)).toContain(RESTRICTED);
  });

  test.each([
    ['ui wrapping it', 'ui/probe.tsx', "import { Button as x } from 'react-aria-components';"],
    ['a feature taking it through ui', 'features/quote/probe.tsx', "import { Toolbar as x } from '#ui/toolbar';"],
  ])('%s passes', async (_name, filePath, code) => {
    expect(await rulesFired(filePath, code)).not.toContain(RESTRICTED);
  });
});

test("the entry imports React DOM's client only dynamically (ADR 252)", async () => {
  const RESTRICTED = '@typescript-eslint/no-restricted-imports';
  expect(await rulesFired('routes/main.tsx', "import { createRoot as x } from 'react-dom/client';")).toContain(RESTRICTED);
  expect(await rulesFired('routes/main.tsx', "const x = () => import('react-dom/client');")).not.toContain(RESTRICTED);
  expect(await rulesFired('routes/main.tsx', "import { Button as x } from 'react-aria-components';")).toContain(RESTRICTED);
  expect(await rulesFired('routes/prerender.tsx', "import { createRoot as x } from 'react-dom/client';")).not.toContain(RESTRICTED);
});

test('file names must be kebab-case', async () => {
  expect(await rulesFired('ui/MyButton.ts', 'const x = 1;')).toContain('check-file/filename-naming-convention');
  expect(await rulesFired('ui/my-button.ts', 'const x = 1;')).not.toContain('check-file/filename-naming-convention');
});
