import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import { iso, type Clock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction, MAIL_RETRY_DELAY_SECONDS, MAIL_RETRY_LIMIT, QUEUES, type JobQueue } from '../jobs/job-queue.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The links in the mail (activation, reset, deletion), listed for the outbox and the console. */
  links: string[];
  /** Live keys the text holds besides its links (a reset code): never written to the database. */
  secrets?: string[];
}

/** How long the developer's outbox keeps a mail in memory, and how many it keeps (ADR 080). */
export const DEV_OUTBOX_TTL_SECONDS = 30 * 60;
export const DEV_OUTBOX_MAX_MAILS = 200;

/** What the database log holds where a mail had a link or a key. */
export const REMOVED_LINK = '[link removed]';
export const REMOVED_SECRET = '[code removed]';

/**
 * Whether the developer's outbox (GET /dev/outbox) exists (ADRs 021, 080): outside production
 * always; in production only with DEV_OUTBOX=1, and then only for callers holding ADMIN_TOKEN.
 */
export function devOutboxEnabled(config: Pick<ServerConfig, 'production' | 'devOutbox'>): boolean {
  return !config.production || config.devOutbox;
}

/** A recorded mail as the developer's outbox shows it (ADR 021). */
export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  transport: 'smtp' | 'outbox';
  createdAt: string;
}

/**
 * The developer's outbox: the newest mails, whole (with their live links), in this process's
 * memory only, each for DEV_OUTBOX_TTL_SECONDS and at most DEV_OUTBOX_MAX_MAILS of them. Nothing
 * of it reaches the disk, and a restart forgets it.
 */
export class DevOutbox {
  private entries: (OutboxEntry & { expires: number })[] = [];

  constructor(private readonly clock: Clock) {}

  add(entry: OutboxEntry): void {
    const expires = this.clock().getTime() + DEV_OUTBOX_TTL_SECONDS * 1000;
    this.entries.unshift({ ...entry, expires });
    this.entries.length = Math.min(this.entries.length, DEV_OUTBOX_MAX_MAILS);
  }

  /** The newest mails still kept, to one address when `to` is given. */
  recent(options: { to?: string; limit: number }): OutboxEntry[] {
    const now = this.clock().getTime();
    this.entries = this.entries.filter((e) => e.expires > now);
    const to = options.to?.trim().toLowerCase();
    return this.entries
      .filter((e) => !to || e.to === to)
      .slice(0, options.limit)
      .map(({ expires: _expires, ...entry }) => entry);
  }
}

/** The mail as the database log keeps it: every link and live key replaced by a placeholder. */
export function redactedText(mail: Mail): string {
  let text = mail.text;
  for (const link of mail.links) text = text.replaceAll(link, REMOVED_LINK);
  for (const secret of mail.secrets ?? []) if (secret) text = text.replaceAll(secret, REMOVED_SECRET);
  return text;
}

/** A mail is tried this many times in all before it is given up (ADR 116). */
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_LIMIT + 1;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min … at most an hour. */
export function mailBackoffSeconds(attempts: number): number {
  return Math.min(3600, MAIL_RETRY_DELAY_SECONDS * 2 ** Math.max(0, attempts - 1));
}

export type DeliveryResult = 'sent' | 'retry' | 'failed' | 'skipped';

/**
 * A transactional outbox (ADR 116). `enqueue` writes the mail into `outbox_mail` as `pending`, in
 * the transaction of the change that causes it when given one: the text without its links and
 * keys (`body_text`, kept), and the whole text encrypted (AES-256-GCM, a key derived from the
 * server secret) in `live_text` until it is delivered or given up, then cleared, so no live key
 * is stored in plaintext, and no longer than until delivery. Delivery is retried with back-off:
 * by the job queue's workers with JOB_QUEUE=postgres (the job is sent in the same transaction),
 * otherwise at once after the change and then by an in-process loop (`deliverDue`). With SMTP_URL
 * it goes through SMTP; without it nodemailer's JSON transport builds it and the links are printed
 * to the console, so a newcomer on a laptop can follow an activation link (ADR 021). Where the
 * developer's outbox is enabled, the whole mail is also kept in memory for it.
 */
export class Mailer {
  private readonly transporter: Transporter;
  private readonly key: Buffer;
  readonly smtp: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: {
      smtpUrl: string | undefined;
      from: string;
      log: (line: string) => void;
      outbox?: DevOutbox | undefined;
      /** The server secret the stored live text is encrypted with (JWT_SECRET). */
      secret: string;
      /** The job queue (ADR 115): delivery jobs are sent with each mail. */
      jobs?: JobQueue | undefined;
    },
  ) {
    this.smtp = Boolean(options.smtpUrl);
    this.transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
    this.key = createHmac('sha256', options.secret).update('manufacture outbox mail v1').digest();
  }

  /** The developer's outbox, when it is enabled. */
  get outbox(): DevOutbox | undefined {
    return this.options.outbox;
  }

  /**
   * Writes the mail into the outbox, in `trx` when the mail belongs to a change made in it, and
   * answers its id. Nothing is sent yet: call `dispatch` with the ids once the transaction has
   * committed (the queue's workers deliver instead when there is a queue).
   */
  async enqueue(mail: Mail, trx: Kysely<Database> = this.db): Promise<string> {
    const id = randomUUID();
    const createdAt = iso(this.clock());
    const transport = this.smtp ? 'smtp' : 'outbox';
    await trx
      .insertInto('outbox_mail')
      .values({
        id,
        to_address: mail.to,
        subject: mail.subject,
        body_text: redactedText(mail),
        links: '[]',
        transport,
        created_at: createdAt,
        error: null,
        state: 'pending',
        live_text: this.seal(JSON.stringify({ text: mail.text, links: mail.links })),
        attempts: 0,
        next_attempt_at: createdAt,
        sent_at: null,
      })
      .execute();
    if (this.options.jobs) await this.options.jobs.send(QUEUES.mail, { mailId: id }, inTransaction(trx));
    this.options.outbox?.add({ id, to: mail.to.trim().toLowerCase(), subject: mail.subject, text: mail.text, links: mail.links, transport, createdAt });
    return id;
  }

  /** After the transaction that enqueued them committed: in one process, the first attempt now. */
  async dispatch(ids: readonly string[]): Promise<void> {
    if (this.options.jobs) return;
    for (const id of ids) await this.deliver(id);
  }

  /** A mail that belongs to no other change: enqueued on its own, then dispatched. */
  async send(mail: Mail): Promise<void> {
    await this.dispatch([await this.enqueue(mail)]);
  }

  /**
   * One delivery attempt of a pending mail. Sent: the live text is cleared. Failed: the error is
   * kept and the next attempt set after the back-off, or, after the last attempt, the mail is given
   * up and its live text cleared too (the user asks for a new link).
   */
  async deliver(id: string): Promise<DeliveryResult> {
    const row = await this.db.selectFrom('outbox_mail').selectAll().where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
    if (!row?.live_text) return 'skipped';
    const { text, links } = JSON.parse(this.open(row.live_text)) as { text: string; links: string[] };
    const attempts = Number(row.attempts) + 1;
    const now = this.clock();
    try {
      await this.transporter.sendMail({ from: this.options.from, to: row.to_address, subject: row.subject, text });
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      const last = attempts >= MAIL_MAX_ATTEMPTS;
      this.options.log(`[mail] sending "${row.subject}" to ${row.to_address} failed (attempt ${attempts}${last ? ', given up' : ''}): ${error}`);
      await this.db
        .updateTable('outbox_mail')
        .set(
          last
            ? { state: 'failed', attempts, error, live_text: null, next_attempt_at: null }
            : { attempts, error, next_attempt_at: iso(new Date(now.getTime() + mailBackoffSeconds(attempts) * 1000)) },
        )
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
      return last ? 'failed' : 'retry';
    }
    await this.db
      .updateTable('outbox_mail')
      .set({ state: 'sent', attempts, error: null, live_text: null, next_attempt_at: null, sent_at: iso(now) })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .execute();
    if (!this.smtp) this.options.log(`[mail] to ${row.to_address}: ${row.subject}${links.map((l) => `\n[mail]   ${l}`).join('')}`);
    return 'sent';
  }

  /** The in-process delivery loop's turn: every pending mail whose next attempt is due. */
  async deliverDue(): Promise<number> {
    const due = await this.db
      .selectFrom('outbox_mail')
      .select('id')
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', iso(this.clock()))
      .orderBy('next_attempt_at')
      .limit(100)
      .execute();
    let sent = 0;
    for (const { id } of due) if ((await this.deliver(id)) === 'sent') sent++;
    return sent;
  }

  /** Runs `deliverDue` every `intervalMs` in this process (without the job queue); answers a stop function. */
  startDeliveryLoop(intervalMs = 15_000): () => void {
    const timer = setInterval(
      () => void this.deliverDue().catch((error: unknown) => this.options.log(`[mail] delivery loop: ${error instanceof Error ? error.message : String(error)}`)),
      intervalMs,
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Takes the queue's delivery jobs in this process; a failed attempt is retried by the queue with back-off. */
  async workDeliveryJobs(jobs: JobQueue, pollingIntervalSeconds = 2): Promise<string> {
    return jobs.work<{ mailId: string }>(QUEUES.mail, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
      if (!job) return;
      const result = await this.deliver(job.data.mailId);
      if (result === 'retry') throw new Error('The mail server did not take the mail; it is tried again later.');
    });
  }

  private seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  private open(sealed: string): string {
    const [, iv = '', tag = '', body = ''] = sealed.split('.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
