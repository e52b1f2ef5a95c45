import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import { iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The links in the mail (activation, reset, deletion), listed for the outbox and the console. */
  links: string[];
}

/**
 * Every mail is recorded in `outbox_mail`. With SMTP_URL it is also sent through SMTP; without it
 * nodemailer's JSON transport builds it and the links are printed to the console, so a newcomer
 * on a laptop can follow an activation link (ADR 021).
 */
export class Mailer {
  private readonly transporter: Transporter;
  readonly smtp: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: { smtpUrl: string | undefined; from: string; log: (line: string) => void },
  ) {
    this.smtp = Boolean(options.smtpUrl);
    this.transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  }

  async send(mail: Mail): Promise<void> {
    let error: string | null = null;
    try {
      await this.transporter.sendMail({ from: this.options.from, to: mail.to, subject: mail.subject, text: mail.text });
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      this.options.log(`[mail] sending "${mail.subject}" to ${mail.to} failed: ${error}`);
    }
    await this.db
      .insertInto('outbox_mail')
      .values({
        id: randomUUID(),
        to_address: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        links: JSON.stringify(mail.links),
        transport: this.smtp ? 'smtp' : 'outbox',
        created_at: iso(this.clock()),
        error,
      })
      .execute();
    if (!this.smtp) {
      this.options.log(`[mail] to ${mail.to}: ${mail.subject}${mail.links.map((l) => `\n[mail]   ${l}`).join('')}`);
    }
  }
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

/** The newest recorded mails, to one address when `to` is given. */
export async function recentMails(db: Kysely<Database>, options: { to?: string; limit: number }): Promise<OutboxEntry[]> {
  let query = db.selectFrom('outbox_mail').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit);
  if (options.to) query = query.where('to_address', '=', options.to.trim().toLowerCase());
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.body_text,
    links: JSON.parse(r.links) as string[],
    transport: r.transport,
    createdAt: r.created_at,
  }));
}
