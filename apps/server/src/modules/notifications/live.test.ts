import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { processEnv } from '../../config/env';
import { notifications, sessions, users } from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { secondInstance, useTestContext } from '../../../test/helpers';
import { SseClient } from '../../../test/sse-client';
import { hashToken } from '../sessions/sessions.service';
import { notify } from './notifications.service';

const ctx = useTestContext({ LIVE_HEARTBEAT_MS: '100', LIVE_STREAMS_PER_USER: '3' });
let base = '';
const clients: SseClient[] = [];

beforeAll(async () => {
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const c of clients) c.close();
});

type Session = Awaited<ReturnType<typeof signedIn>>;
const agent = () => signedIn(ctx.app, ctx.db, 'agent');

/** Opens the live stream of a session (through `origin`, this app by default) and expects 200. */
async function stream(s: { cookie: string }, headers: Record<string, string> = {}, origin = base) {
  const { response, client } = await SseClient.open(`${origin}/api/notifications/stream`, {
    cookie: s.cookie,
    ...headers,
  });
  expect(response.status, await (client ? '' : response.text())).toBe(200);
  clients.push(client!);
  await client!.next('ready');
  return client!;
}

/** A live white-label link of `s` on one fresh villa. */
async function linkOf(s: Session, app: App = ctx.app) {
  const villa = await createProperty(ctx.db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/white-label',
    headers: { cookie: s.cookie },
    payload: { agentId: s.user.id, title: 'Azure Travel - Ada Agent', propertyIds: [villa.id] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [link] = await ctx.db
    .execute(sql`select id from white_label_links where uuid = ${res.json().uuid}`)
    .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
  return { uuid: res.json().uuid as string, id: link!.id, villa };
}

/** A client opening the link, each call from a new browser (a reload within 30 min is no new view). */
let browser = 0;
const view = (uuid: string, app: App = ctx.app) =>
  app.inject({ url: `/api/white-label/${uuid}`, headers: { 'user-agent': `Browser ${++browser}` } });

describe('GET /api/notifications/stream', () => {
  it('answers 401 without a session, and to a pending agent', async () => {
    const anonymous = await ctx.app.inject({ url: '/api/notifications/stream' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Please sign in to continue');
    const pending = await agent();
    await ctx.db.update(users).set({ approved: false }).where(eq(users.id, pending.user.id));
    const res = await SseClient.open(`${base}/api/notifications/stream`, { cookie: pending.cookie });
    expect(res.response.status).toBe(401);
  });

  it('is an uncompressed, unbuffered, never-stored event stream that opens with ready and a retry delay', async () => {
    const a = await agent();
    const { response, client } = await SseClient.open(`${base}/api/notifications/stream`, {
      cookie: a.cookie,
      'accept-encoding': 'br, gzip',
    });
    clients.push(client!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    const ready = await client!.next();
    expect(ready.event).toBe('ready');
    expect(ready.id).toMatch(/^\d+$/);
    expect(ready.retry).toBeGreaterThanOrEqual(1000);
    expect(ready.retry).toBeLessThanOrEqual(3000);
  });

  it('sends a heartbeat comment while idle', async () => {
    const client = await stream(await agent());
    expect(await client.nextComment()).toBe('heartbeat');
  });

  it("tells the agent of a client's view and booking request at once, and nobody else", async () => {
    const a = await agent();
    const other = await agent();
    const mine = await stream(a);
    const theirs = await stream(other);
    const link = await linkOf(a);

    expect((await view(link.uuid)).statusCode).toBe(200);
    const viewed = await mine.next('link-view');
    expect(JSON.parse(viewed.data)).toEqual({ linkId: link.id });
    const note = await mine.next('notification');
    expect(JSON.parse(note.data)).toMatchObject({ action: 'created', type: 'link_viewed' });

    const booked = await ctx.app.inject({
      method: 'POST',
      url: `/api/white-label/${link.uuid}/booking-request`,
      payload: { propertyId: link.villa.id, clientName: 'Jane Doe', clientEmail: 'jane.doe@example.com' },
    });
    expect(booked.statusCode).toBe(201);
    const inquiry = await mine.next('inquiry');
    expect(JSON.parse(inquiry.data)).toEqual({ action: 'created', id: booked.json().id, linkId: link.id });
    expect(JSON.parse((await mine.next('notification')).data)).toMatchObject({ type: 'booking_request' });

    // The other agent's first event is their own: none of the above reached them.
    await notify(ctx.db, { userId: other.user.id, type: 'test', title: 'Yours', message: 'Only yours' });
    const first = await theirs.next();
    expect(first.event).toBe('notification');
    expect(JSON.parse(first.data)).toMatchObject({ type: 'test' });
  });

  it('tells of a notification marked read or deleted (another tab updates its bell)', async () => {
    const a = await agent();
    const client = await stream(a);
    const [n] = await ctx.db
      .insert(notifications)
      .values({ userId: a.user.id, type: 'test', title: 'T', message: 'M' })
      .returning();
    expect(JSON.parse((await client.next('notification')).data)).toEqual({
      action: 'created',
      id: n!.id,
      type: 'test',
    });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/notifications/${n!.id}/read`,
      headers: { cookie: a.cookie },
    });
    expect(JSON.parse((await client.next('notification')).data)).toMatchObject({
      action: 'updated',
      id: n!.id,
    });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${n!.id}`,
      headers: { cookie: a.cookie },
    });
    expect(JSON.parse((await client.next('notification')).data)).toMatchObject({
      action: 'deleted',
      id: n!.id,
    });
  });

  it('says nothing about a write that was rolled back', async () => {
    const a = await agent();
    const client = await stream(a);
    await expect(
      ctx.db.transaction(async (tx) => {
        await notify(tx, { userId: a.user.id, type: 'rolled-back', title: 'T', message: 'M' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await notify(ctx.db, { userId: a.user.id, type: 'committed', title: 'T', message: 'M' });
    expect(JSON.parse((await client.next()).data)).toMatchObject({ type: 'committed' });
  });

  it('ends the stream of a session that signs out, with a reason; the same user’s other session stays', async () => {
    const a = await agent();
    const first = await stream(a);
    const { signIn } = await import('../../../test/factories');
    const second = await stream({ cookie: await signIn(ctx.app, a.user.email) });
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: a.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(JSON.parse((await first.next('end')).data)).toEqual({ reason: 'signed-out' });
    await first.ended;
    await notify(ctx.db, { userId: a.user.id, type: 'still-here', title: 'T', message: 'M' });
    expect(JSON.parse((await second.next('notification')).data)).toMatchObject({ type: 'still-here' });
    expect(second.isEnded).toBe(false);
    // The ended session cannot open a new stream.
    expect(
      (await SseClient.open(`${base}/api/notifications/stream`, { cookie: a.cookie })).response.status,
    ).toBe(401);
  });

  it('ends every stream of an account set back to pending, and of a deleted user', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const a = await agent();
    const client = await stream(a);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${a.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { approved: false },
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse((await client.next('end')).data)).toEqual({ reason: 'account-closed' });

    const b = await agent();
    const other = await stream(b);
    await ctx.db.delete(users).where(eq(users.id, b.user.id));
    expect(JSON.parse((await other.next('end')).data)).toEqual({ reason: 'signed-out' });
    await other.ended;
  });

  it('ends the stream when its session expires', async () => {
    const a = await agent();
    const sid = hashToken(a.cookie.replace(/^sid=/, ''));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 300) })
      .where(eq(sessions.id, sid));
    const client = await stream(a);
    expect(JSON.parse((await client.next('end')).data)).toEqual({ reason: 'session-expired' });
    await client.ended;
  });

  it('refuses streams past the per-user limit with 429, and frees the place when one disconnects', async () => {
    const a = await agent();
    const open = [await stream(a), await stream(a), await stream(a)];
    const refused = await SseClient.open(`${base}/api/notifications/stream`, { cookie: a.cookie });
    expect(refused.response.status).toBe(429);
    expect(((await refused.response.json()) as { message: string }).message).toMatch(
      /Too many live connections/,
    );
    open[0]!.close();
    // The server notices the disconnection and frees the place.
    await expect
      .poll(async () => {
        const { response, client } = await SseClient.open(`${base}/api/notifications/stream`, {
          cookie: a.cookie,
        });
        if (client) clients.push(client);
        return response.status;
      })
      .toBe(200);
    // Another user is not limited by it.
    await stream(await agent());
  });

  it('replays what a reconnecting client missed (Last-Event-ID), or asks it to resync', async () => {
    const a = await agent();
    const client = await stream(a);
    await notify(ctx.db, { userId: a.user.id, type: 'before', title: 'T', message: 'M' });
    const seen = await client.next('notification');
    client.close();
    await notify(ctx.db, { userId: a.user.id, type: 'missed-1', title: 'T', message: 'M' });
    await notify(ctx.db, { userId: (await agent()).user.id, type: 'not-mine', title: 'T', message: 'M' });
    await notify(ctx.db, { userId: a.user.id, type: 'missed-2', title: 'T', message: 'M' });

    const again = await stream(a, { 'last-event-id': seen.id! });
    const replayed = [await again.next(), await again.next()];
    expect(replayed.map((e) => JSON.parse(e.data).type)).toEqual(['missed-1', 'missed-2']);
    expect(Number(replayed[1]!.id)).toBeGreaterThan(Number(replayed[0]!.id));

    const lost = await stream(a, { 'last-event-id': '999999999' });
    expect((await lost.next()).event).toBe('resync');
  });
});

/** Another app instance on the same database, as behind a load balancer, listening. */
async function listeningInstance(): Promise<{ app: App; url: string; close(): Promise<void> }> {
  const instance = await secondInstance(ctx, ctx.config);
  const url = await instance.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...instance, url };
}

describe('several app instances on one database', () => {
  it('a view recorded through one instance reaches a stream on another within a second', async () => {
    const two = await listeningInstance();
    try {
      const a = await agent();
      const link = await linkOf(a);
      const client = await stream(a, {}, two.url);
      const started = performance.now();
      expect((await view(link.uuid, ctx.app)).statusCode).toBe(200);
      const e = await client.next('link-view', 1000);
      const elapsed = performance.now() - started;
      expect(JSON.parse(e.data)).toEqual({ linkId: link.id });
      expect(elapsed).toBeLessThan(1000);
      // Sign-out on the first instance ends the stream on the second.
      await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a.cookie } });
      expect(JSON.parse((await client.next('end')).data)).toEqual({ reason: 'signed-out' });
    } finally {
      await two.close();
    }
  });

  it('closing an app ends its open streams and does not hang; the clients can reconnect elsewhere', async () => {
    const two = await listeningInstance();
    const a = await agent();
    const client = await stream(a, {}, two.url);
    await two.close();
    await client.ended;
    expect(client.pending().map((e) => e.event)).not.toContain('end');
    const elsewhere = await stream(a);
    await notify(ctx.db, { userId: a.user.id, type: 'after-failover', title: 'T', message: 'M' });
    expect(JSON.parse((await elsewhere.next('notification')).data)).toMatchObject({ type: 'after-failover' });
  });

  it.skipIf(!processEnv.DATABASE_URL)(
    'PostgreSQL: a lost listening connection comes back, asks clients to resync and delivers again',
    async () => {
      const a = await agent();
      const client = await stream(a);
      const killed = (await ctx.db.execute(
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
            where application_name = 'villas live listener' and datname = current_database()`,
      )) as unknown as { rows: Array<{ ok: boolean }> };
      expect(killed.rows.length).toBeGreaterThan(0);
      expect((await client.next('resync', 5000)).event).toBe('resync');
      await notify(ctx.db, { userId: a.user.id, type: 'after-reconnect', title: 'T', message: 'M' });
      expect(JSON.parse((await client.next('notification')).data)).toMatchObject({ type: 'after-reconnect' });
    },
  );
});
