import type { ServerResponse } from 'node:http';
import type { SSEReplyInterface } from '@fastify/sse';
import type { Db } from '@villas/db/client';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import type { EndReason, LiveHub, LiveMessage, LiveStream } from './live-hub';
import { liveSessionIds, sessionExpiry } from '../sessions/sessions.service';

/**
 * Bytes a stream may have waiting for a slow client. Past it the stream is ended: the browser
 * reconnects with the id of the last event it got and is sent what it missed (or `resync`).
 */
const MAX_PENDING_BYTES = 64 * 1024;
/** setTimeout's ceiling (about 24.8 days); a 'Remember me' session lasts two weeks. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A stream over @fastify/sse: events are queued until `open()`, then written as they come. */
class SseStream implements LiveStream {
  private queue: LiveMessage[] | null = [];
  private done = false;
  /** Set when the stream was ended before it opened (the handler then answers with an error). */
  endedBeforeOpen = false;

  constructor(
    readonly userId: number,
    readonly sessionId: string,
    private readonly sse: SSEReplyInterface,
    private readonly raw: ServerResponse,
    private readonly retryMs: number,
  ) {}

  send(message: LiveMessage): void {
    if (this.done) return;
    if (this.queue) this.queue.push(message);
    else this.write(message);
  }

  /** Sends the response head and everything queued; the first event tells the client's retry delay. */
  open(): void {
    const queued = this.queue ?? [];
    this.queue = null;
    queued.forEach((m, i) => this.write(m, i === 0 ? this.retryMs : undefined));
  }

  end(reason?: EndReason): void {
    if (this.done) return;
    if (this.queue) {
      this.done = true;
      this.endedBeforeOpen = true;
      return;
    }
    if (reason) this.write({ event: 'end', data: { reason } });
    this.done = true;
    this.sse.close();
  }

  private write(m: LiveMessage, retry?: number) {
    if (this.done || !this.sse.isConnected) return;
    if (this.raw.writableLength > MAX_PENDING_BYTES) {
      this.done = true;
      this.sse.close();
      return;
    }
    // Writes are synchronous (ordered); the promise only waits for the socket to drain.
    this.sse.send({ id: m.id, event: m.event, data: m.data, retry }).catch(() => undefined);
  }
}

export interface OpenStreamInput {
  db: Db;
  hub: LiveHub;
  user: AuthUser;
  sessionId: string | null;
  sse: SSEReplyInterface;
  raw: ServerResponse;
}

/**
 * Opens the signed-in session's event stream. The stream is registered before the session is
 * checked, so a sign-out that lands meanwhile still ends it; it is refused with 429 past the per-user
 * limit and with 401 when the session is gone. It ends by itself when the session expires.
 */
export async function openLiveStream(input: OpenStreamInput): Promise<void> {
  const { hub, sse } = input;
  if (!input.sessionId) throw new UnauthorizedError();
  // 1-3 s, different per stream: the clients of an instance that shuts down come back spread out.
  const retryMs = 1000 + Math.floor(Math.random() * 2000);
  const stream = new SseStream(input.user.id, input.sessionId, sse, input.raw, retryMs);
  if (!hub.add(stream, sse.lastEventId)) {
    throw new TooManyRequestsError(
      60,
      'Too many live connections for your account: close another tab or window of this site.',
    );
  }
  const expiry: { timer?: NodeJS.Timeout } = {};
  sse.onClose(() => {
    hub.remove(stream);
    clearTimeout(expiry.timer);
  });
  let expiresAt: Date | undefined;
  try {
    expiresAt = await sessionExpiry(input.db, input.sessionId);
  } catch (err) {
    hub.remove(stream);
    throw err;
  }
  if (!expiresAt || stream.endedBeforeOpen) {
    hub.remove(stream);
    throw new UnauthorizedError();
  }
  if (!sse.isConnected) {
    hub.remove(stream);
    return;
  }
  expiry.timer = setTimeout(
    () => hub.end(stream, 'session-expired'),
    Math.min(Math.max(0, expiresAt.getTime() - Date.now()), MAX_TIMER_MS),
  );
  expiry.timer.unref();
  sse.keepAlive();
  stream.open();
}

/**
 * After a gap in the database's events (the listening connection was lost), ends the streams whose
 * session ended meanwhile: their sign-out was among the missed events.
 */
export async function endStreamsOfEndedSessions(db: Db, hub: LiveHub): Promise<void> {
  const streams = hub.streams();
  if (!streams.length) return;
  const valid = await liveSessionIds(db, [...new Set(streams.map((s) => s.sessionId))]);
  for (const s of streams) if (!valid.has(s.sessionId)) hub.end(s, 'signed-out');
}
