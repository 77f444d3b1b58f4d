import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The channel the database's triggers NOTIFY on (migrations 0006 and 0013): what a signed-in user's
 * screen shows live, and the end or change of sessions and accounts.
 */
export const LIVE_CHANNEL = 'villas_live';

/** What a LISTEN subscriber is told. */
export interface ListenHandlers {
  /** One NOTIFY payload, in commit order. */
  onNotify(payload: string): void;
  /**
   * The connection was lost and is listening again: notifications sent in between were missed
   * (PostgreSQL keeps none for a session that was not listening).
   */
  onReconnect?(): void;
  /**
   * The connection is gone, or the first one could not be made (it keeps trying): notifications
   * are missed from now until `onReconnect`.
   */
  onLost?(): void;
  /** The connection failed or a reconnection attempt failed (it keeps trying). */
  onError?(err: Error): void;
}

export interface Listener {
  /** Stops listening and releases the connection. */
  close(): Promise<void>;
}

/** PGlite: one embedded connection, whose `listen()` calls back after each statement that committed. */
export async function listenPglite(client: PGlite, channel: string, h: ListenHandlers): Promise<Listener> {
  const unlisten = await client.listen(channel, (payload) => h.onNotify(payload));
  let closed = false;
  return {
    close: async () => {
      if (closed || client.closed) return;
      closed = true;
      await unlisten();
    },
  };
}

export interface PgListenOptions {
  connectionString: string;
  connectTimeoutMs: number;
  /** First wait before reconnecting; doubled after each failure up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * PostgreSQL server: LISTEN on one dedicated connection (a pooled one would be handed to other
 * queries, and notifications reach only the session that listens). When it drops (server restart,
 * network, an administrator terminating it) it reconnects with exponential back-off and jitter, and
 * reports the gap through `onReconnect`. TCP keep-alive notices a peer that vanished silently.
 */
export async function listenPostgres(
  opts: PgListenOptions,
  channel: string,
  h: ListenHandlers,
): Promise<Listener> {
  const minBackoff = opts.minBackoffMs ?? 250;
  const maxBackoff = opts.maxBackoffMs ?? 10_000;
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  // Only the very first attempt, when it succeeds, has missed nothing.
  let firstAttempt = true;

  const schedule = () => {
    if (closed || timer) return;
    const base = Math.min(maxBackoff, minBackoff * 2 ** Math.min(failures, 16));
    failures++;
    // ±20 %: instances that lost the database together do not reconnect in lockstep.
    const wait = Math.round(base * (0.8 + Math.random() * 0.4));
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref();
  };

  const connect = async (): Promise<boolean> => {
    const c = new pg.Client({
      connectionString: opts.connectionString,
      connectionTimeoutMillis: opts.connectTimeoutMs,
      keepAlive: true,
      application_name: 'villas live listener',
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = undefined;
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      if (closed) return;
      h.onLost?.();
      if (err) h.onError?.(err);
      schedule();
    };
    // Without an 'error' listener a dropped connection would crash the process.
    c.on('error', (err) => onLost(err));
    c.on('end', () => onLost());
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) h.onNotify(msg.payload);
    });
    const wasFirst = firstAttempt;
    firstAttempt = false;
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      onLost(err as Error);
      return false;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return false;
    }
    client = c;
    failures = 0;
    if (!wasFirst) h.onReconnect?.();
    return true;
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}
