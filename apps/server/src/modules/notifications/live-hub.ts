import {
  liveInquiryEventSchema,
  liveLinkViewEventSchema,
  liveNotificationEventSchema,
  type LiveEventMap,
  type LiveEventName,
} from '@villas/shared';
import { z } from 'zod';

/** One event for one stream, as written in the event stream. */
export interface LiveMessage<E extends LiveEventName = LiveEventName> {
  /** Omitted for events that mark no position (`resync`). */
  id?: string;
  event: E;
  data: LiveEventMap[E];
}

export type EndReason = LiveEventMap['end']['reason'];

/** An open event stream of one signed-in session. */
export interface LiveStream {
  readonly userId: number;
  readonly sessionId: string;
  /** Queues or writes one event; never throws. */
  send(message: LiveMessage): void;
  /** Ends the stream: with a reason the client is told not to come back; without, it reconnects. */
  end(reason?: EndReason): void;
}

/**
 * A trigger's payload: event id (the database sequence `live_event_seq`), recipient user id, event
 * name and details. Session events end streams; the others are forwarded to the recipient's streams.
 */
const payloadSchema = z.discriminatedUnion('e', [
  z.object({
    i: z.number().int(),
    u: z.number().int(),
    e: z.literal('notification'),
    d: liveNotificationEventSchema,
  }),
  z.object({
    i: z.number().int(),
    u: z.number().int(),
    e: z.literal('link-view'),
    d: liveLinkViewEventSchema,
  }),
  z.object({ i: z.number().int(), u: z.number().int(), e: z.literal('inquiry'), d: liveInquiryEventSchema }),
  z.object({
    i: z.number().int(),
    u: z.number().int(),
    e: z.literal('session-ended'),
    d: z.object({ session: z.string() }),
  }),
  z.object({ i: z.number().int(), u: z.number().int(), e: z.literal('account-closed'), d: z.object({}) }),
  // For the session cache (migration 0013): an account's name, role or approval changed.
  z.object({ i: z.number().int(), u: z.number().int(), e: z.literal('account-changed'), d: z.object({}) }),
]);

type Forwarded = { userId: number } & LiveMessage<'notification' | 'link-view' | 'inquiry'>;

export interface LiveHubOptions {
  /** Open streams one user may hold on this instance; one more is refused. */
  maxStreamsPerUser: number;
  /** Events kept to replay after a reconnection (Last-Event-ID). */
  replayCapacity?: number;
  onInvalidPayload?: (payload: string) => void;
}

/**
 * The streams open on this app instance, by user, and the fan-out of the database's events to them.
 *
 * Every instance LISTENs to the same channel, so each one sees every event in the same (commit)
 * order. It keeps the latest ones: a client that reconnects with the id of the last event it got
 * (Last-Event-ID), to this instance or another, is sent what it missed, or `resync` when that id is
 * no longer (or never was) among them.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveStream>>();
  private recent: Forwarded[] = [];
  private readonly capacity: number;

  constructor(private readonly opts: LiveHubOptions) {
    this.capacity = opts.replayCapacity ?? 1000;
  }

  /** Open streams (of one user, or of everyone). */
  count(userId?: number): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  streams(): LiveStream[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  /**
   * Registers a stream and queues, at once, what it opens with: `ready` (carrying the current
   * position), then the events after `lastEventId` or `resync` when they cannot be told. False when
   * the user already holds the maximum number of streams here.
   */
  add(stream: LiveStream, lastEventId?: string | null): boolean {
    let set = this.byUser.get(stream.userId);
    if ((set?.size ?? 0) >= this.opts.maxStreamsPerUser) return false;
    if (!set) this.byUser.set(stream.userId, (set = new Set()));
    set.add(stream);
    stream.send({ id: this.position(), event: 'ready', data: {} });
    if (lastEventId) {
      const missed = this.since(lastEventId, stream.userId);
      if (missed)
        for (const m of missed) stream.send({ id: m.id, event: m.event, data: m.data } as LiveMessage);
      else stream.send({ event: 'resync', data: {} });
    }
    return true;
  }

  remove(stream: LiveStream): void {
    const set = this.byUser.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (!set.size) this.byUser.delete(stream.userId);
  }

  /** One NOTIFY payload from the database. */
  dispatch(payload: string): void {
    let parsed;
    try {
      parsed = payloadSchema.safeParse(JSON.parse(payload));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      this.opts.onInvalidPayload?.(payload);
      return;
    }
    const p = parsed.data;
    const mine = [...(this.byUser.get(p.u) ?? [])];
    if (p.e === 'session-ended') {
      for (const s of mine) if (s.sessionId === p.d.session) this.end(s, 'signed-out');
      return;
    }
    if (p.e === 'account-closed') {
      for (const s of mine) this.end(s, 'account-closed');
      return;
    }
    // Open streams carry no copy of the account; they end only when it is closed (above).
    if (p.e === 'account-changed') return;
    const event = { id: String(p.i), userId: p.u, event: p.e, data: p.d } as Forwarded;
    this.recent.push(event);
    if (this.recent.length > this.capacity) this.recent = this.recent.slice(-this.capacity);
    for (const s of mine) s.send({ id: event.id, event: event.event, data: event.data } as LiveMessage);
  }

  /**
   * The events may have a gap (the listening connection was lost): nothing before now can be
   * replayed, and every open stream is told to refetch.
   */
  resync(): void {
    this.recent = [];
    for (const s of this.streams()) s.send({ event: 'resync', data: {} });
  }

  /** Ends a stream for a reason (its session is over) and forgets it. */
  end(stream: LiveStream, reason?: EndReason): void {
    this.remove(stream);
    stream.end(reason);
  }

  /** Ends every stream without a reason: the instance shuts down and the clients reconnect elsewhere. */
  closeAll(): void {
    for (const s of this.streams()) this.end(s);
  }

  /** The id of the latest event seen, '0' before any. */
  private position(): string {
    return this.recent.at(-1)?.id ?? '0';
  }

  /** This user's events after `id`, or undefined when `id` is not among the kept events. */
  private since(id: string, userId: number): Forwarded[] | undefined {
    const at = this.recent.findLastIndex((e) => e.id === id);
    if (at < 0) return undefined;
    return this.recent.slice(at + 1).filter((e) => e.userId === userId);
  }
}
