import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

/** A real SMTP listener: what the agent's mail server would receive. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw,
      });
      callback();
    });
  },
});
const env: Record<string, string> = {};

// Registered before useTestContext's beforeAll, so SMTP_URL is known when the app is built.
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
const ctx = useTestContext(env);

/** Quoted-printable bodies and Q-encoded headers, enough to read a plain-text message. */
const unQ = (s: string) =>
  s.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
const decode = (raw: string) =>
  unQ(
    raw
      .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, word: string) => unQ(word.replace(/_/g, ' ')))
      .replace(/=\r?\n/g, ''),
  );

describe('agent e-mails over SMTP', () => {
  it('delivers the booking request to the agent, naming the client and the villa', async () => {
    const a = await signedIn(ctx.app, ctx.db, 'agent', { firstName: 'Sophie' });
    const villa = await createProperty(ctx.db, { name: 'Villa Azur', maxGuests: 6 });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/white-label',
      headers: { cookie: a.cookie },
      payload: { agentId: a.user.id, title: 'Azure - Sophie', propertyIds: [villa.id] },
    });
    const { uuid } = created.json();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/white-label/${uuid}/booking-request`,
      payload: {
        propertyId: villa.id,
        clientName: 'Jane Doe',
        clientEmail: 'jane.doe@example.com',
        checkIn: '2031-07-12',
        checkOut: '2031-07-19',
        guests: 4,
      },
    });
    expect(res.statusCode).toBe(201);
    await ctx.app.mailer.idle();

    const mail = received.find((m) => m.to.includes(a.user.email) && /booking request/i.test(decode(m.raw)));
    expect(mail, `messages: ${received.map((m) => m.to.join()).join('; ')}`).toBeDefined();
    const body = decode(mail!.raw);
    expect(body).toContain('Subject: New booking request from Jane Doe for Villa Azur');
    expect(body).toContain('Client: Jane Doe');
    expect(body).toContain('Villa: Villa Azur');
    expect(body).toContain('Stay: July 12, 2031 to July 19, 2031');
    expect(body).toContain('Guests: 4 guests');

    const [row] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'New booking request from Jane Doe for Villa Azur'));
    expect(row).toMatchObject({ to: a.user.email, status: 'sent', attempts: 1 });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("delivers the day's first-view notice to the agent", async () => {
    const a = await signedIn(ctx.app, ctx.db, 'agent');
    const villa = await createProperty(ctx.db);
    const { uuid } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/white-label',
        headers: { cookie: a.cookie },
        payload: { agentId: a.user.id, title: 'Alpine winter', propertyIds: [villa.id] },
      })
    ).json();
    expect((await ctx.app.inject({ url: `/api/white-label/${uuid}` })).statusCode).toBe(200);
    await ctx.app.mailer.idle();
    const mails = received.filter((m) => m.to.includes(a.user.email));
    expect(mails).toHaveLength(1);
    const body = decode(mails[0]!.raw);
    expect(body).toContain('Subject: Your link "Alpine winter" was viewed');
    expect(body).toContain('Your white-label collection "Alpine winter" was opened today.');
  });
});
