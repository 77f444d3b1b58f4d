import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config/env';
import type { Queryable } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Every message is written to the outbox first (in the caller's transaction when given one), then
 * delivered through SMTP in the background when SMTP_URL is set, or logged and kept otherwise.
 */
export class Mailer {
  private transport: Transporter | undefined;
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Queryable,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    if (config.smtpUrl) this.transport = nodemailer.createTransport(config.smtpUrl);
  }

  /** Queues a message; call after the surrounding transaction committed, or pass that `tx`. */
  async send(message: MailMessage, tx: Queryable = this.db): Promise<number> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({ ...message, status: this.transport ? 'pending' : 'logged' })
      .returning({ id: mailOutbox.id });
    if (!this.transport) {
      this.log.info(
        { mailId: row!.id, to: message.to, subject: message.subject },
        'mail kept in outbox (no SMTP_URL)',
      );
      return row!.id;
    }
    this.deliverLater(row!.id, message);
    return row!.id;
  }

  private deliverLater(id: number, message: MailMessage) {
    const p = this.deliver(id, message).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  private async deliver(id: number, message: MailMessage): Promise<void> {
    try {
      // Give a surrounding transaction the chance to commit before the row is updated.
      await new Promise((r) => setImmediate(r));
      await this.transport!.sendMail({ from: this.config.mailFrom, ...message });
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, id));
    } catch (err) {
      this.log.warn({ err, mailId: id }, 'mail delivery failed; kept in outbox');
      await this.db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: String(err), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, id))
        .catch(() => undefined);
    }
  }

  /** Resolves when every message handed over so far has been attempted (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.transport?.close();
  }
}
