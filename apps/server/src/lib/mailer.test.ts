import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../config/env';
import type { Db } from '@villas/db/client';
import { mailOutbox } from '@villas/db/schema';
import { useTestContext } from '../../test/helpers';
import { Mailer, RETRY_POLICY, retryDelay, type RetryPolicy } from './mailer';

/**
 * A real SMTP server that refuses mail (451, a temporary failure) while `refusing`, then accepts it:
 * a mail server that was down for a while.
 */
let refusing = true;
const received: Array<{ to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onMailFrom(_address, _session, callback) {
    if (!refusing) return callback();
    const err = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
    err.responseCode = 451;
    callback(err);
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
let smtpUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
const ctx = useTestContext();

const mailers: Mailer[] = [];
const mailer = (policy: RetryPolicy = RETRY_POLICY) => {
  const m = new Mailer(ctx.db, testConfig({ SMTP_URL: smtpUrl }), ctx.app.log, policy);
  mailers.push(m);
  return m;
};
afterAll(async () => {
  await Promise.all(mailers.map((m) => m.close()));
});
beforeEach(() => {
  refusing = true;
  received.length = 0;
});

const row = async (id: number) => (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
const message = (to: string) => ({ to, subject: 'Your application', text: 'Dear Sophie, …' });
const MINUTE = 60_000;

describe('mail outbox retries', () => {
  it('keeps a refused message as failed, retries it a minute later and sends it once the server accepts', async () => {
    const m = mailer();
    const before = Date.now();
    const id = await m.send(message('sophie@example.com'));
    await m.idle();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(failed.lastError).toContain('451');
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + MINUTE);
    expect(failed.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + MINUTE);

    // Not yet due: nothing is sent, nothing changes.
    expect(await m.retryDue(new Date())).toBe(0);
    expect(await row(id)).toEqual(failed);

    refusing = false;
    expect(await m.retryDue(new Date(failed.nextAttemptAt!.getTime() + 1))).toBe(1);
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      nextAttemptAt: null,
      lastError: null,
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['sophie@example.com']);
    expect(received[0]!.raw).toContain('Subject: Your application');
  });

  it('tries loading nodemailer again at the next delivery when a load failed, and then sends', async () => {
    refusing = false;
    let loads = 0;
    const m = new Mailer(ctx.db, testConfig({ SMTP_URL: smtpUrl }), ctx.app.log, RETRY_POLICY, () =>
      ++loads === 1 ? Promise.reject(new Error('Cannot find package nodemailer')) : import('nodemailer'),
    );
    mailers.push(m);
    const id = await m.send(message('olivia@example.com'));
    await m.idle();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toContain('Cannot find package nodemailer');
    expect(await m.retryDue(new Date(failed.nextAttemptAt!.getTime() + 1))).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received.map((r) => r.to)).toEqual([['olivia@example.com']]);
    expect(loads).toBe(2);
  });

  it('doubles the wait after each failure and gives up after the last attempt, keeping the message', async () => {
    const m = mailer({ ...RETRY_POLICY, maxAttempts: 3 });
    const id = await m.send(message('james@example.com'));
    await m.idle();
    let r = await row(id);
    expect(r.attempts).toBe(1);

    let at = new Date(r.nextAttemptAt!.getTime() + 1);
    expect(await m.retryDue(at)).toBe(1);
    r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 2 });
    expect(r.nextAttemptAt!.getTime() - at.getTime()).toBe(2 * MINUTE);

    at = new Date(r.nextAttemptAt!.getTime() + 1);
    expect(await m.retryDue(at)).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null });

    refusing = false;
    expect(await m.retryDue(new Date(Date.now() + 365 * 24 * 60 * MINUTE))).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('sends a pending message whose delivery was lost once its lease is over, once across instances', async () => {
    refusing = false;
    // As left by an instance that stopped between writing the message and sending it.
    const [lost] = await ctx.db
      .insert(mailOutbox)
      .values({
        ...message('olivia@example.com'),
        status: 'pending',
        nextAttemptAt: new Date(Date.now() - 1),
      })
      .returning();
    const [a, b] = [mailer(), mailer()];
    const counts = await Promise.all([a.retryDue(), b.retryDue()]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await row(lost!.id)).toMatchObject({ status: 'sent', attempts: 1, nextAttemptAt: null });
    expect(received.map((r) => r.to)).toEqual([['olivia@example.com']]);
  });

  it('waits 1, 2, 4 … minutes between attempts, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8].map((n) => retryDelay(n) / MINUTE)).toEqual([1, 2, 4, 8, 60, 60]);
  });

  it("delivers a message written in a request's transaction once it is committed, never when it rolls back", async () => {
    refusing = false;
    const m = mailer();
    // A scope whose commit the test decides (an audited call's, plugins/audit.ts).
    const scope = (db: Db) => {
      const waiting: Array<() => void> = [];
      return {
        db,
        afterCommit: (fn: () => void) => waiting.push(fn),
        committed: () => waiting.forEach((fn) => fn()),
      };
    };
    await ctx.db
      .transaction(async (tx) => {
        await m.send(message('rolled-back@example.com'), scope(tx));
        tx.rollback();
      })
      .catch(() => undefined);
    await m.idle();
    expect(received).toEqual([]);

    let id = 0;
    const kept = scope(ctx.db);
    await ctx.db.transaction(async (tx) => {
      id = await m.send(message('kept@example.com'), { ...kept, db: tx });
    });
    expect(received).toEqual([]);
    kept.committed();
    await m.idle();
    expect(received.map((r) => r.to)).toEqual([['kept@example.com']]);
    expect((await row(id)).status).toBe('sent');
  });
});
