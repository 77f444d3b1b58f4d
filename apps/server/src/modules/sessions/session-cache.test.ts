import type { CurrentUser } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const user = (id: number, over: Partial<CurrentUser> = {}): CurrentUser => ({
  id,
  firstName: 'Ada',
  lastName: 'Agent',
  name: 'Ada Agent',
  email: `ada${id}@example.com`,
  company: 'Azure Travel',
  role: 'agent',
  approved: true,
  ...over,
});

/** A cache on a clock the test moves, listening (resumed) unless told otherwise. */
function cacheAt(start = 1_000_000, opts: { ttlMs?: number; maxEntries?: number; listening?: boolean } = {}) {
  const clock = { now: start };
  const cache = new SessionCache({
    ttlMs: opts.ttlMs ?? 10_000,
    maxEntries: opts.maxEntries ?? 100,
    now: () => clock.now,
  });
  if (opts.listening !== false) cache.resume();
  const keep = (id: string, u: CurrentUser, expiresAt = clock.now + 86_400_000) =>
    cache.set(id, { user: u, expiresAt }, cache.ticket());
  return { cache, clock, keep };
}

describe('SessionCache', () => {
  it('keeps a session for its time to live, then asks again', () => {
    const { cache, clock, keep } = cacheAt();
    keep('s1', user(1));
    clock.now += 9_999;
    expect(cache.get('s1')?.user.id).toBe(1);
    clock.now += 1;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('never answers for a session past its own end', () => {
    const { cache, clock, keep } = cacheAt();
    keep('s1', user(1), clock.now + 2_000);
    clock.now += 2_000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('keeps nothing before it listens, after the connection is lost, or with a time to live of 0', () => {
    const before = cacheAt(0, { listening: false });
    before.keep('s1', user(1));
    expect(before.cache.get('s1')).toBeUndefined();

    const lost = cacheAt();
    lost.keep('s1', user(1));
    lost.cache.suspend();
    expect(lost.cache.get('s1')).toBeUndefined();
    lost.keep('s1', user(1));
    expect(lost.cache.get('s1')).toBeUndefined();
    lost.cache.resume();
    lost.keep('s1', user(1));
    expect(lost.cache.get('s1')?.user.id).toBe(1);

    const off = cacheAt(0, { ttlMs: 0 });
    off.keep('s1', user(1));
    expect(off.cache.get('s1')).toBeUndefined();
  });

  it('keeps no session of an account that is not approved', () => {
    const { cache, keep } = cacheAt();
    keep('s1', user(1, { approved: false }));
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets what the database announces: a session ended, an account closed or changed', () => {
    const { cache, keep } = cacheAt();
    keep('a1', user(1));
    keep('a2', user(1));
    keep('b1', user(2));
    keep('c1', user(3));
    cache.apply(JSON.stringify({ i: 1, u: 1, e: 'session-ended', d: { session: 'a1' } }));
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')?.user.id).toBe(1);
    cache.apply(JSON.stringify({ i: 2, u: 1, e: 'account-closed', d: {} }));
    expect(cache.get('a2')).toBeUndefined();
    cache.apply(JSON.stringify({ i: 3, u: 2, e: 'account-changed', d: {} }));
    expect(cache.get('b1')).toBeUndefined();
    // Other events and unreadable payloads change no session.
    cache.apply(JSON.stringify({ i: 4, u: 3, e: 'notification', d: { id: 1 } }));
    cache.apply('not json');
    expect(cache.get('c1')?.user.id).toBe(3);
  });

  it('does not put back a session read before an announcement that arrived during the read', () => {
    const { cache } = cacheAt();
    const ticket = cache.ticket();
    // The database read is under way; meanwhile the session is ended on another instance.
    cache.apply(JSON.stringify({ i: 1, u: 1, e: 'session-ended', d: { session: 's1' } }));
    cache.set('s1', { user: user(1), expiresAt: Date.now() + 86_400_000 }, ticket);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('holds at most maxEntries sessions, dropping the oldest lookup', () => {
    const { cache, keep } = cacheAt(1_000_000, { maxEntries: 2 });
    keep('s1', user(1));
    keep('s2', user(2));
    keep('s3', user(3));
    expect(cache.size).toBe(2);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s3')?.user.id).toBe(3);
  });
});
