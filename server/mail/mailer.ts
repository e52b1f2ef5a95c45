import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import { iso, type Clock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';

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

/**
 * Every mail is logged in `outbox_mail` without its links and keys (ADR 080: the token table keeps
 * only hashes, so the log must not hold the keys either). With SMTP_URL it is sent through SMTP;
 * without it nodemailer's JSON transport builds it and the links are printed to the console, so a
 * newcomer on a laptop can follow an activation link (ADR 021). Where the developer's outbox is
 * enabled, the whole mail is also kept in memory for it.
 */
export class Mailer {
  private readonly transporter: Transporter;
  readonly smtp: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: { smtpUrl: string | undefined; from: string; log: (line: string) => void; outbox?: DevOutbox | undefined },
  ) {
    this.smtp = Boolean(options.smtpUrl);
    this.transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  }

  /** The developer's outbox, when it is enabled. */
  get outbox(): DevOutbox | undefined {
    return this.options.outbox;
  }

  async send(mail: Mail): Promise<void> {
    let error: string | null = null;
    try {
      await this.transporter.sendMail({ from: this.options.from, to: mail.to, subject: mail.subject, text: mail.text });
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      this.options.log(`[mail] sending "${mail.subject}" to ${mail.to} failed: ${error}`);
    }
    const id = randomUUID();
    const createdAt = iso(this.clock());
    const transport = this.smtp ? 'smtp' : 'outbox';
    this.options.outbox?.add({ id, to: mail.to.trim().toLowerCase(), subject: mail.subject, text: mail.text, links: mail.links, transport, createdAt });
    await this.db
      .insertInto('outbox_mail')
      .values({ id, to_address: mail.to, subject: mail.subject, body_text: redactedText(mail), links: '[]', transport, created_at: createdAt, error })
      .execute();
    if (!this.smtp) {
      this.options.log(`[mail] to ${mail.to}: ${mail.subject}${mail.links.map((l) => `\n[mail]   ${l}`).join('')}`);
    }
  }
}
