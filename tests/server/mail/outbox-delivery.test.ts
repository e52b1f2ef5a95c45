import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUEUES } from '#server/jobs/job-queue';
import { mailBackoffSeconds } from '#server/mail/mailer';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

interface Received {
  to: string[];
  text: string;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that refuses the first `refusals`
 * mails with a temporary error (451), then accepts and keeps what it receives.
 */
async function startSmtp(refusals: number) {
  const received: Received[] = [];
  let refused = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refused < refusals) {
        refused += 1;
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        // The body is quoted-printable: undo its soft line breaks and escapes to read the link.
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusedCount: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function register(t: TestApp, email: string): Promise<void> {
  const { body } = await t.call<{ captchaId: string }>('tools/captchaImage');
  const row = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', body.captchaId).executeTakeFirstOrThrow();
  const res = await t.call('account/register', {
    body: { email, password: 'secret-123', confirmPassword: 'secret-123', firstName: 'Ada', lastName: 'Byron', agreeTerms: true, captchaId: body.captchaId, captchaCode: row.answer },
  });
  expect(res.status).toBe(201);
}

function activationKey(mail: Received | undefined): string {
  const link = /https?:\/\/\S+\?activate=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
  return new URL(link).searchParams.get('activate') ?? '';
}

const mailRow = (t: TestApp, email: string) => t.database.db.selectFrom('outbox_mail').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();

describe(`mail as an outbox, delivered to a real SMTP server that refuses, then accepts (${db})`, () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('in one process: the refused activation mail waits with its key sealed, is retried after the back-off and arrives once', async () => {
    const smtp = await startSmtp(1);
    cleanup.push(smtp.close);
    const t = await createTestApp({ smtpUrl: smtp.url, production: true });
    cleanup.push(() => t.close());
    await register(t, 'ada@example.com');

    // The first attempt (inside the sign-up) was refused: the mail waits, its live link unreadable in the row.
    expect(smtp.refusedCount()).toBe(1);
    expect(smtp.received).toEqual([]);
    const waiting = await mailRow(t, 'ada@example.com');
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, error: expect.stringContaining('Mailbox busy') });
    expect(JSON.stringify(waiting)).not.toMatch(/activate=/);
    expect(waiting.live_text).toMatch(/^v1\./);

    // Not due yet: nothing is sent before the back-off.
    expect(await t.ctx.mailer.deliverDue()).toBe(0);
    t.clock.advance(mailBackoffSeconds(1) + 1);
    expect(await t.ctx.mailer.deliverDue()).toBe(1);
    expect(await t.ctx.mailer.deliverDue()).toBe(0);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['ada@example.com']);
    const sent = await mailRow(t, 'ada@example.com');
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, error: null, live_text: null });

    // The key that arrived works.
    const activated = await t.call('account/activate', { body: { key: activationKey(smtp.received[0]) } });
    expect(activated.status).toBe(200);
  });

  it('a mail written in a transaction that rolls back never exists, and is never sent', async () => {
    const smtp = await startSmtp(0);
    cleanup.push(smtp.close);
    const t = await createTestApp({ smtpUrl: smtp.url, production: true });
    cleanup.push(() => t.close());
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.ctx.mailer.enqueue({ to: 'nobody@example.com', subject: 'Never', text: 'never', links: [] }, trx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.database.db.selectFrom('outbox_mail').select('id').execute()).toEqual([]);
    expect(await t.ctx.mailer.deliverDue()).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it.skipIf(db !== 'postgres')('on the job queue: the refused mail is retried by the queue with back-off and arrives once', async () => {
    const smtp = await startSmtp(1);
    cleanup.push(smtp.close);
    const t = await createTestApp({ smtpUrl: smtp.url, production: true, jobQueue: 'postgres' }, { jobs: { mailRetryDelaySeconds: 1 } });
    cleanup.push(() => t.close());
    await register(t, 'grace@example.com');
    // Written with its job in the sign-up's transaction; no attempt inside the request.
    expect(await mailRow(t, 'grace@example.com')).toMatchObject({ state: 'pending', attempts: 0 });
    expect(smtp.refusedCount()).toBe(0);

    await t.ctx.mailer.workDeliveryJobs(t.jobs!, 0.5);
    await vi.waitFor(async () => expect(await mailRow(t, 'grace@example.com')).toMatchObject({ state: 'sent', live_text: null, attempts: 2 }), {
      timeout: 30_000,
      interval: 200,
    });
    expect(smtp.refusedCount()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    // The queue marks the job completed once its handler has returned, a moment after the row says
    // sent (on a busy machine, after the check above): wait for it, as for the row.
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ state: string; retry_count: number }>`select state, retry_count from pgboss.job where name = ${QUEUES.mail}`.execute(t.database.db);
        expect(rows).toEqual([{ state: 'completed', retry_count: 1 }]);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(smtp.received).toHaveLength(1);
    expect((await t.call('account/activate', { body: { key: activationKey(smtp.received[0]) } })).status).toBe(200);
  });
});
