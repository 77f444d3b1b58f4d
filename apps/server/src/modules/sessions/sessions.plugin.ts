import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_CHANNEL, type Listener } from '@villas/db/listener';
import { SessionCache } from './session-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sessions this instance looked up in the last seconds (session-cache.ts). */
    sessionCache: SessionCache;
  }
}

/** Sessions kept at most per instance: ~1 kB each. */
const MAX_CACHED_SESSIONS = 10_000;

/**
 * The session cache of this app instance and the LISTEN that keeps it right: it is used only while
 * the instance hears the database's announcements, from the moment the listening starts until its
 * connection is lost, and again (empty) once it listens again.
 */
export const sessionsPlugin = fp(async (app: FastifyInstance) => {
  const cache = new SessionCache({ ttlMs: app.config.sessionCacheMs, maxEntries: MAX_CACHED_SESSIONS });
  app.decorate('sessionCache', cache);
  let listener: Listener | undefined;
  app.addHook('onReady', async () => {
    if (app.config.sessionCacheMs <= 0) return;
    let failed = false;
    listener = await app.database.listen(LIVE_CHANNEL, {
      onNotify: (payload) => cache.apply(payload),
      onReconnect: () => cache.resume(),
      onLost: () => {
        failed = true;
        cache.suspend();
      },
      onError: (err) =>
        app.log.error({ err }, 'session cache: listening connection lost; sessions read each time'),
    });
    // A first connection that failed keeps trying; the cache waits for its onReconnect.
    if (!failed) cache.resume();
  });
  app.addHook('onClose', async () => {
    cache.suspend();
    await listener?.close();
  });
});
