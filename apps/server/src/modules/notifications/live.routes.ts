import fastifySSE from '@fastify/sse';
import { LIVE_STREAM_PATH } from '@villas/shared';
import type { FastifyInstance } from 'fastify';
import { LIVE_CHANNEL, type Listener } from '@villas/db/listener';
import { actor } from '../../plugins/auth';
import { LiveHub } from './live-hub';
import { endStreamsOfEndedSessions, openLiveStream } from './live.service';

/**
 * Live notifications: each app instance LISTENs to the database's events on one connection and
 * forwards each to the open streams of the user it names. Open streams end when the app closes
 * (preClose: before the server waits for its connections), and the clients reconnect elsewhere.
 */
export const liveNotificationsPlugin = async (app: FastifyInstance) => {
  const hub = new LiveHub({
    maxStreamsPerUser: app.config.live.streamsPerUser,
    onInvalidPayload: (payload) => app.log.error({ payload }, 'live notifications: unreadable event'),
  });
  let listener: Listener | undefined;
  app.addHook('onReady', async () => {
    listener = await app.database.listen(LIVE_CHANNEL, {
      onNotify: (payload) => hub.dispatch(payload),
      onReconnect: () => {
        app.log.warn('live notifications: listening again after a lost connection; clients refetch');
        hub.resync();
        endStreamsOfEndedSessions(app.db, hub).catch((err: unknown) =>
          app.log.error({ err }, 'live notifications: could not check the open streams’ sessions'),
        );
      },
      onError: (err) => app.log.error({ err }, 'live notifications: listening connection lost'),
    });
  });
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => {
    await listener?.close();
  });
  await app.register(liveRoutes, { hub });
};

async function liveRoutes(app: FastifyInstance, { hub }: { hub: LiveHub }) {
  // Writes the event stream itself, past the onSend hooks: @fastify/compress never buffers it.
  await app.register(fastifySSE, { heartbeatInterval: app.config.live.heartbeatMs });

  app.get(
    LIVE_STREAM_PATH,
    {
      sse: 'only',
      // Any signed-in, approved user: each stream carries only its own user's events.
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Live updates for the signed-in user (server-sent events)',
        description:
          'A text/event-stream of the events `ready`, `notification`, `link-view`, `inquiry`, `resync` and ' +
          '`end` (packages/shared LiveEventMap), each naming what changed for the signed-in user only. ' +
          'A comment line is sent every LIVE_HEARTBEAT_MS; a reconnection with Last-Event-ID is sent ' +
          'what it missed, or `resync`. 401 without a live session, 429 past LIVE_STREAMS_PER_USER ' +
          'open streams on one instance.',
      },
    },
    async (request, reply) => {
      const user = actor(request);
      // Never stored by a browser or proxy; proxies that honour it (nginx) do not buffer it either.
      reply.header('cache-control', 'no-store');
      reply.header('x-accel-buffering', 'no');
      await openLiveStream({
        db: app.db,
        hub,
        user,
        sessionId: request.sessionId,
        sse: reply.sse,
        raw: reply.raw,
      });
    },
  );
}
