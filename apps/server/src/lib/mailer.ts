import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config/env';
import type { Queryable } from '@villas/db/client';
import { mailOutbox } from '@villas/db/schema';
import type { WriteScope } from './write-scope';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** How the outbox retries: the defaults below, or a test's own. */
export interface RetryPolicy {
  /** How often due messages are looked for. */
  sweepMs: number;
  /** A message being sent is not picked again before this long (then it counts as lost and is retried). */
  leaseMs: number;
  /** The wait after the first failure; it doubles after each further one, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** After this many failed attempts the message stays 'failed' and is not sent again. */
  maxAttempts: number;
  /** Messages sent per sweep at most. */
  batch: number;
}

export const RETRY_POLICY: RetryPolicy = {
  sweepMs: 30_000,
  leaseMs: 5 * 60_000,
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 8,
  batch: 20,
};

/** The wait before the next attempt once `attempts` attempts failed: 1, 2, 4 … minutes, at most an hour. */
export const retryDelay = (attempts: number, policy: RetryPolicy = RETRY_POLICY): number =>
  Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));

/**
 * Every message is written to the outbox first (in the caller's transaction when given one), then
 * delivered through SMTP in the background once that transaction committed, when SMTP_URL is set,
 * or logged and kept otherwise.
 *
 * A message that could not be sent stays in the outbox and is sent again: a failed one after a wait
 * that doubles at each failure (`retryDelay`), until `maxAttempts`; a pending one whose sending
 * instance died once its lease is over. Each instance sweeps the due messages every `sweepMs`; a
 * message is claimed (its next attempt pushed a lease ahead, rows locked with SKIP LOCKED) before it
 * is sent, so instances sharing the database do not send it twice.
 */
export class Mailer {
  /**
   * The SMTP transport, made at the first delivery: nodemailer is loaded only by a server that sends
   * mail (SMTP_URL), not by every start (the server's memory).
   */
  private transport: Promise<Transporter> | undefined;
  private readonly smtpUrl: string | undefined;
  private inFlight = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly policy: RetryPolicy = RETRY_POLICY,
    /** How nodemailer is loaded (a test makes the first load fail). */
    private readonly loadNodemailer: () => Promise<typeof import('nodemailer')> = () => import('nodemailer'),
  ) {
    this.smtpUrl = config.smtpUrl;
  }

  /**
   * Queues a message: written with the scope's database (a request's transaction), delivered once
   * that committed, never when it rolled back. Without a scope, written and delivered at once.
   */
  async send(
    message: MailMessage,
    scope: { db: Queryable; afterCommit: WriteScope['afterCommit'] } = {
      db: this.db,
      afterCommit: (fn) => fn(),
    },
  ): Promise<number> {
    const [row] = await scope.db
      .insert(mailOutbox)
      .values({
        ...message,
        status: this.smtpUrl ? 'pending' : 'logged',
        // The delivery below holds the message for a lease; the sweep takes it over if it is lost.
        nextAttemptAt: this.smtpUrl ? new Date(Date.now() + this.policy.leaseMs) : null,
      })
      .returning({ id: mailOutbox.id });
    if (!this.smtpUrl) {
      scope.afterCommit(() =>
        this.log.info(
          { mailId: row!.id, to: message.to, subject: message.subject },
          'mail kept in outbox (no SMTP_URL)',
        ),
      );
      return row!.id;
    }
    // The delivery updates the row: it must see it committed.
    scope.afterCommit(() => this.track(this.deliver(row!.id, message)));
    return row!.id;
  }

  /** Starts the periodic sweep of due messages (with SMTP only) until `close()`. */
  start(): void {
    if (!this.smtpUrl || this.timer) return;
    this.timer = setInterval(() => {
      this.track(
        this.retryDue().catch((err: unknown) => this.log.error({ err }, 'mail outbox sweep failed')),
      );
    }, this.policy.sweepMs);
    this.timer.unref();
  }

  /**
   * Sends the messages due at `now` (pending past their lease, failed past their wait), each claimed
   * first. Answers how many were attempted.
   */
  async retryDue(now: Date = new Date()): Promise<number> {
    if (!this.smtpUrl) return 0;
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(lte(mailOutbox.nextAttemptAt, now))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(this.policy.batch)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + this.policy.leaseMs) })
      .where(inArray(mailOutbox.id, due))
      .returning();
    for (const row of claimed) {
      const { to, subject, text, html } = row;
      await this.deliver(row.id, { to, subject, text, ...(html ? { html } : {}) }, now);
    }
    return claimed.length;
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** The transport, made once; a failed load is tried again at the next delivery. */
  private smtp(): Promise<Transporter> {
    const url = this.smtpUrl!;
    this.transport ??= this.loadNodemailer().then(
      (m) => m.default.createTransport(url),
      (err: unknown) => {
        this.transport = undefined;
        throw err;
      },
    );
    return this.transport;
  }

  private async deliver(id: number, message: MailMessage, now: Date = new Date()): Promise<void> {
    try {
      await (await this.smtp()).sendMail({ from: this.config.mailFrom, ...message });
    } catch (err) {
      await this.failed(id, err, now).catch((e: unknown) =>
        this.log.error({ err: e, mailId: id }, 'mail outbox: recording a failure failed'),
      );
      return;
    }
    await this.db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: new Date(),
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastError: null,
        nextAttemptAt: null,
      })
      .where(eq(mailOutbox.id, id))
      .catch((err: unknown) =>
        // Sent, but still marked due: it may be sent once more after its lease (at least once).
        this.log.error({ err, mailId: id }, 'mail outbox: recording a sent message failed'),
      );
  }

  /** Records a failed attempt: the next one after the back-off, or none once the attempts are spent. */
  private async failed(id: number, err: unknown, now: Date): Promise<void> {
    const [row] = await this.db
      .select({ attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    const attempts = (row?.attempts ?? 0) + 1;
    const giveUp = attempts >= this.policy.maxAttempts;
    const next = giveUp ? null : new Date(now.getTime() + retryDelay(attempts, this.policy));
    if (giveUp) {
      this.log.error({ err, mailId: id, attempts }, 'mail delivery failed; giving up (kept in outbox)');
    } else {
      this.log.warn({ err, mailId: id, attempts, next }, 'mail delivery failed; will retry');
    }
    await this.db
      .update(mailOutbox)
      .set({ status: 'failed', lastError: String(err), attempts, nextAttemptAt: next })
      .where(eq(mailOutbox.id, id));
  }

  /** Resolves when every message handed over so far has been attempted (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
    (await this.transport?.catch(() => undefined))?.close();
  }
}
