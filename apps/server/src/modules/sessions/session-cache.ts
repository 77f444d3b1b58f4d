import type { CurrentUser } from '@villas/shared';

export interface CachedSession {
  user: CurrentUser;
  /** When the session itself ends (its row's `expires_at`). */
  expiresAt: number;
}

interface Entry extends CachedSession {
  /** Until when this copy may be used without asking the database again. */
  freshUntil: number;
}

export interface SessionCacheOptions {
  /** How long a looked-up session is used before it is read again; 0 turns the cache off. */
  ttlMs: number;
  /** Sessions kept at most; past it the oldest lookup is dropped. */
  maxEntries: number;
  now?: () => number;
}

/**
 * The signed-in sessions this app instance has looked up recently, so a signed-in request does not
 * read its session from the database each time (a search page is one statement instead of two).
 *
 * Only sessions of approved accounts are kept, each for `ttlMs` at most and never past its own end.
 * The database announces every change that could make a kept copy wrong (migrations 0006 and 0013):
 * a deleted session ('session-ended': sign-out, a new sign-in replacing it, the expiry sweep, the
 * account deleted), an account set back to pending ('account-closed') and a change of an account's
 * name, e-mail, company, role or approval ('account-changed'). Each instance forgets the copies
 * those name as the notification arrives (`forgetSession`/`forgetUser`), and the instance that made
 * the change forgets them at once, before it answers. While the listening connection is down the
 * announcements are lost: the cache is emptied and kept off (`suspend`) until it listens again
 * (`resume`). `ttlMs` bounds what any gap left unseen could cost.
 *
 * A lookup that started before a change was announced must not put back what the announcement
 * removed: the caller takes a `ticket()` before it reads the database and `set` keeps nothing when
 * anything was forgotten since.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private suspended = true;
  /** Counts the forgetting: a lookup's ticket is the count when it started. */
  private generation = 0;

  constructor(private readonly opts: SessionCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept copy of a session, or undefined when there is none that may still be used. */
  get(sessionId: string): CachedSession | undefined {
    const e = this.entries.get(sessionId);
    if (!e) return undefined;
    const now = this.now();
    if (now >= e.freshUntil || now >= e.expiresAt) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return { user: e.user, expiresAt: e.expiresAt };
  }

  /** Taken before reading a session from the database, handed back to `set`. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps a session read from the database, unless something was forgotten since its `ticket`. */
  set(sessionId: string, session: CachedSession, ticket: number): void {
    if (ticket !== this.generation) return;
    if (this.suspended || this.opts.ttlMs <= 0 || !session.user.approved) return;
    this.entries.delete(sessionId);
    if (this.entries.size >= this.opts.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, { ...session, freshUntil: this.now() + this.opts.ttlMs });
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }

  forgetUser(userId: number): void {
    this.generation++;
    for (const [id, e] of this.entries) if (e.user.id === userId) this.entries.delete(id);
  }

  /**
   * The announcements may be missed from now on (the listening connection is down, or not yet up):
   * nothing kept, nothing kept until `resume`. A new cache starts suspended.
   */
  suspend(): void {
    this.generation++;
    this.suspended = true;
    this.entries.clear();
  }

  /** Listening (again): what was kept before may have changed unseen, so start empty. */
  resume(): void {
    this.generation++;
    this.entries.clear();
    this.suspended = false;
  }

  /**
   * One announcement of the database's channel (migrations 0006, 0013); the other events (new
   * notifications, link views, inquiries) change no session.
   */
  apply(payload: string): void {
    let p: { u?: unknown; e?: unknown; d?: { session?: unknown } };
    try {
      p = JSON.parse(payload) as typeof p;
    } catch {
      return;
    }
    if (p.e === 'session-ended' && typeof p.d?.session === 'string') this.forgetSession(p.d.session);
    else if ((p.e === 'account-closed' || p.e === 'account-changed') && typeof p.u === 'number')
      this.forgetUser(p.u);
  }
}
