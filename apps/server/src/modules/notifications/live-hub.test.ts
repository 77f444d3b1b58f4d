import { describe, expect, it } from 'vitest';
import { LiveHub, type EndReason, type LiveMessage, type LiveStream } from './live-hub';

class Recorder implements LiveStream {
  readonly got: LiveMessage[] = [];
  ended: EndReason | 'no reason' | undefined;
  constructor(
    readonly userId: number,
    readonly sessionId = `s-${userId}`,
  ) {}
  send(m: LiveMessage) {
    this.got.push(m);
  }
  end(reason?: EndReason) {
    this.ended = reason ?? 'no reason';
  }
  events() {
    return this.got.map((m) => m.event);
  }
}

let seq = 0;
const payload = (u: number, e = 'link-view', d: unknown = { linkId: 1 }) =>
  JSON.stringify({ i: ++seq, u, e, d });

describe('LiveHub', () => {
  it('forwards an event only to the streams of the user it names', () => {
    const hub = new LiveHub({ maxStreamsPerUser: 5 });
    const mine = [new Recorder(1), new Recorder(1)];
    const theirs = new Recorder(2);
    for (const s of [...mine, theirs]) hub.add(s);
    hub.dispatch(payload(1));
    expect(mine.map((s) => s.events())).toEqual([
      ['ready', 'link-view'],
      ['ready', 'link-view'],
    ]);
    expect(theirs.events()).toEqual(['ready']);
  });

  it('ignores a payload it cannot read, and tells who reads the logs', () => {
    const bad: string[] = [];
    const hub = new LiveHub({ maxStreamsPerUser: 5, onInvalidPayload: (p) => bad.push(p) });
    const s = new Recorder(1);
    hub.add(s);
    hub.dispatch('not json');
    hub.dispatch(JSON.stringify({ i: 1, u: 1, e: 'unknown', d: {} }));
    hub.dispatch(JSON.stringify({ i: 1, u: 1, e: 'link-view', d: { linkId: 'x' } }));
    expect(bad).toHaveLength(3);
    expect(s.events()).toEqual(['ready']);
  });

  it('ends only the streams of the session that ended, and all of a closed account', () => {
    const hub = new LiveHub({ maxStreamsPerUser: 5 });
    const a = new Recorder(1, 'one');
    const b = new Recorder(1, 'two');
    hub.add(a);
    hub.add(b);
    hub.dispatch(payload(1, 'session-ended', { session: 'one' }));
    expect([a.ended, b.ended]).toEqual(['signed-out', undefined]);
    expect(hub.count(1)).toBe(1);
    hub.dispatch(payload(1, 'account-closed', {}));
    expect(b.ended).toBe('account-closed');
    expect(hub.count()).toBe(0);
  });

  it('refuses a stream past the per-user limit and takes one again after a removal', () => {
    const hub = new LiveHub({ maxStreamsPerUser: 2 });
    const [x, y, z] = [new Recorder(1), new Recorder(1), new Recorder(1)];
    expect([hub.add(x), hub.add(y), hub.add(z)]).toEqual([true, true, false]);
    expect(z.got).toEqual([]);
    hub.remove(x);
    expect(hub.add(z)).toBe(true);
  });

  it('replays after Last-Event-ID while it is kept, and asks for a resync once it is not', () => {
    const hub = new LiveHub({ maxStreamsPerUser: 5, replayCapacity: 3 });
    hub.dispatch(payload(1));
    const first = String(seq);
    hub.dispatch(payload(2));
    hub.dispatch(payload(1, 'notification', { action: 'created', id: 7, type: 'link_viewed' }));

    const back = new Recorder(1);
    hub.add(back, first);
    expect(back.events()).toEqual(['ready', 'notification']);
    expect(back.got[0]!.id).toBe(String(seq));

    hub.dispatch(payload(1)); // the oldest kept event falls out
    const late = new Recorder(1);
    hub.add(late, first);
    expect(late.events()).toEqual(['ready', 'resync']);
  });

  it('after a gap in the events, replays nothing and tells every stream to resync', () => {
    const hub = new LiveHub({ maxStreamsPerUser: 5 });
    hub.dispatch(payload(1));
    const last = String(seq);
    const open = new Recorder(3);
    hub.add(open);
    hub.resync();
    expect(open.events()).toEqual(['ready', 'resync']);
    const back = new Recorder(1);
    hub.add(back, last);
    expect(back.events()).toEqual(['ready', 'resync']);
  });

  it('ends every stream without a reason when the instance closes', () => {
    const hub = new LiveHub({ maxStreamsPerUser: 5 });
    const streams = [new Recorder(1), new Recorder(2)];
    for (const s of streams) hub.add(s);
    hub.closeAll();
    expect(streams.map((s) => s.ended)).toEqual(['no reason', 'no reason']);
    expect(hub.count()).toBe(0);
  });
});
