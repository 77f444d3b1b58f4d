import { LIVE_EVENT_NAMES, LIVE_STREAM_PATH, type LiveEventMap, type LiveEventName } from '@villas/shared';
import { useEffect, useRef } from 'react';

/** One event of the signed-in user's live stream (packages/shared LiveEventMap). */
export type LiveEvent = { [E in LiveEventName]: { type: E; data: LiveEventMap[E] } }[LiveEventName];
export type LiveSubscriber = (event: LiveEvent) => void;

/** Waits before opening a new stream after the browser gave up: 1 s doubling to 60 s, ±20 %. */
export const LIVE_BACKOFF = { firstMs: 1000, maxMs: 60_000 } as const;

/**
 * The tab's one EventSource on the live stream, shared by every subscriber: opened by the first,
 * closed when the last one leaves (sign-out unmounts them all).
 *
 * The browser reconnects by itself after a dropped connection, sending the last event id; the
 * server replays what was missed or sends `resync`. When the browser gives up instead (the server
 * answered 401, 429 or 503), a new stream is opened after a back-off, and once it is open the
 * subscribers are sent `resync`: events may have been missed meanwhile. `end` (the session is over)
 * closes the stream; while subscribers remain (a new sign-in in this tab) it is retried with back-off.
 */
export class LiveConnection {
  private source: EventSource | null = null;
  private readonly subscribers = new Set<LiveSubscriber>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  /** Events may have been missed since the last open stream. */
  private gap = false;

  constructor(private readonly url = LIVE_STREAM_PATH) {}

  /** Adds a subscriber; returns its removal. */
  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    if (this.subscribers.size === 1) this.open();
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  /** Whether a stream is open (tests, and the fallback's choice). */
  get isOpen(): boolean {
    return this.source?.readyState === 1;
  }

  private open() {
    clearTimeout(this.timer);
    this.timer = undefined;
    // Without EventSource (very old browsers, server-side tests) the 30-s poll is all there is.
    if (typeof EventSource === 'undefined' || this.source) return;
    const source = new EventSource(this.url);
    this.source = source;
    for (const name of LIVE_EVENT_NAMES) {
      source.addEventListener(name, (e) => this.receive(source, name, e as MessageEvent<string>));
    }
    source.addEventListener('error', () => {
      // CONNECTING: the browser retries by itself (with Last-Event-ID). CLOSED: it gave up.
      if (source.readyState === EventSource.CLOSED && this.source === source) {
        this.source = null;
        this.gap = true;
        this.retryLater();
      }
    });
  }

  private receive(source: EventSource, name: LiveEventName, e: MessageEvent<string>) {
    if (this.source !== source) return;
    let data: unknown;
    try {
      data = JSON.parse(e.data);
    } catch {
      return;
    }
    if (name === 'ready') {
      this.failures = 0;
      if (this.gap) {
        this.gap = false;
        this.emit({ type: 'resync', data: {} });
      }
      return;
    }
    if (name === 'end') {
      source.close();
      this.source = null;
      this.gap = true;
      this.emit({ type: 'end', data: data as LiveEventMap['end'] });
      if (this.subscribers.size) this.retryLater();
      return;
    }
    this.emit({ type: name, data } as LiveEvent);
  }

  private emit(event: LiveEvent) {
    for (const s of [...this.subscribers]) s(event);
  }

  private retryLater() {
    if (this.timer || !this.subscribers.size) return;
    const base = Math.min(LIVE_BACKOFF.maxMs, LIVE_BACKOFF.firstMs * 2 ** this.failures);
    this.failures = Math.min(this.failures + 1, 16);
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        if (this.subscribers.size) this.open();
      },
      Math.round(base * (0.8 + Math.random() * 0.4)),
    );
  }

  private stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.source?.close();
    this.source = null;
    this.failures = 0;
    this.gap = false;
  }
}

/** The tab's connection. */
export const liveConnection = new LiveConnection();

/**
 * Calls `onEvent` for each event of the signed-in user's live stream while mounted (and `enabled`).
 * Every subscriber shares the tab's one stream; the latest `onEvent` is used without resubscribing.
 */
export function useLiveEvents(onEvent: LiveSubscriber, enabled = true, connection = liveConnection) {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    return connection.subscribe((e) => latest.current(e));
  }, [enabled, connection]);
}
