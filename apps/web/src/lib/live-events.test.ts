import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../testing/fake-event-source';
import { LiveConnection, useLiveEvents, type LiveEvent } from './live-events';

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  // Back-off without jitter: 1 s, 2 s, 4 s …
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveConnection', () => {
  it('opens one stream for all subscribers of the tab and closes it when the last one leaves', () => {
    const live = new LiveConnection();
    const a: LiveEvent[] = [];
    const b: LiveEvent[] = [];
    const offA = live.subscribe((e) => a.push(e));
    const offB = live.subscribe((e) => b.push(e));
    expect(FakeEventSource.all).toHaveLength(1);
    expect(FakeEventSource.all[0]!.url).toBe('/api/notifications/stream');

    const source = FakeEventSource.all[0]!;
    source.emit('ready');
    expect(live.isOpen).toBe(true);
    source.emit('notification', { action: 'created', id: 4, type: 'booking_request' });
    source.emit('link-view', { linkId: 9 });
    const expected = [
      { type: 'notification', data: { action: 'created', id: 4, type: 'booking_request' } },
      { type: 'link-view', data: { linkId: 9 } },
    ];
    expect(a).toEqual(expected);
    expect(b).toEqual(expected);

    offA();
    expect(source.closed).toBe(false);
    offB();
    expect(source.closed).toBe(true);
    expect(live.isOpen).toBe(false);
  });

  it('leaves a dropped connection to the browser, which reconnects by itself with Last-Event-ID', () => {
    vi.useFakeTimers();
    const live = new LiveConnection();
    live.subscribe(() => undefined);
    FakeEventSource.all[0]!.emit('ready');
    FakeEventSource.all[0]!.fail(false);
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(FakeEventSource.all[0]!.closed).toBe(false);
  });

  it('when the browser gives up, opens a new stream after 1, 2, 4 s … and asks for a resync once open', () => {
    vi.useFakeTimers();
    const live = new LiveConnection();
    const events: LiveEvent[] = [];
    live.subscribe((e) => events.push(e));
    FakeEventSource.all[0]!.emit('ready');

    FakeEventSource.all[0]!.fail(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);

    FakeEventSource.all[1]!.fail(true);
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(3);

    FakeEventSource.all[2]!.fail(true);
    vi.advanceTimersByTime(4000);
    expect(FakeEventSource.all).toHaveLength(4);
    expect(events).toEqual([]);

    FakeEventSource.all[3]!.emit('ready');
    expect(events).toEqual([{ type: 'resync', data: {} }]);
    // Open again: the next failure starts from 1 s.
    FakeEventSource.all[3]!.fail(true);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.all).toHaveLength(5);
  });

  it('stops retrying once nobody listens (signed out while waiting)', () => {
    vi.useFakeTimers();
    const live = new LiveConnection();
    const off = live.subscribe(() => undefined);
    FakeEventSource.all[0]!.fail(true);
    off();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('closes the stream when the server ends the session and tells the subscribers', () => {
    vi.useFakeTimers();
    const live = new LiveConnection();
    const events: LiveEvent[] = [];
    const off = live.subscribe((e) => events.push(e));
    const source = FakeEventSource.all[0]!;
    source.emit('ready');
    source.emit('end', { reason: 'signed-out' });
    expect(source.closed).toBe(true);
    expect(events).toEqual([{ type: 'end', data: { reason: 'signed-out' } }]);
    // Signing out unmounts the subscribers: nothing is opened again.
    off();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.open).toHaveLength(0);
  });

  it('passes on resync and ignores an event it cannot read', () => {
    const live = new LiveConnection();
    const events: LiveEvent[] = [];
    live.subscribe((e) => events.push(e));
    const source = FakeEventSource.all[0]!;
    source.emit('ready');
    source.emitRaw('notification', 'not json');
    source.emit('resync');
    expect(events).toEqual([{ type: 'resync', data: {} }]);
  });

  it('does nothing where the browser has no EventSource (the 30-s poll remains)', () => {
    vi.stubGlobal('EventSource', undefined);
    const live = new LiveConnection();
    const off = live.subscribe(() => undefined);
    expect(live.isOpen).toBe(false);
    off();
  });
});

describe('useLiveEvents', () => {
  it('subscribes while mounted and enabled, with the latest callback, and unsubscribes on unmount', () => {
    const live = new LiveConnection();
    const seen: string[] = [];
    const { rerender, unmount } = renderHook(
      ({ tag, enabled }: { tag: string; enabled: boolean }) =>
        useLiveEvents((e) => seen.push(`${tag}:${e.type}`), enabled, live),
      { initialProps: { tag: 'first', enabled: false } },
    );
    expect(FakeEventSource.all).toHaveLength(0);
    rerender({ tag: 'first', enabled: true });
    expect(FakeEventSource.all).toHaveLength(1);
    FakeEventSource.all[0]!.emit('ready');
    FakeEventSource.all[0]!.emit('link-view', { linkId: 1 });
    rerender({ tag: 'second', enabled: true });
    FakeEventSource.all[0]!.emit('link-view', { linkId: 1 });
    // One stream throughout: a new callback does not resubscribe.
    expect(FakeEventSource.all).toHaveLength(1);
    expect(seen).toEqual(['first:link-view', 'second:link-view']);
    unmount();
    expect(FakeEventSource.all[0]!.closed).toBe(true);
  });
});
