import type { Socket } from 'node:net';
import { ErrorCode } from '@villas/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route receives files: its body may take `UPLOAD_REQUEST_TIMEOUT_MS` instead of `REQUEST_TIMEOUT_MS`. */
    upload?: boolean;
  }
  interface FastifyInstance {
    /** Open client connections, for /readyz and tests. */
    connectionStats(): { open: number; refused: number; evicted: number; timedOut: number };
  }
}

/** A raw HTTP/1.1 answer written straight to a socket, closing it (no request object exists yet). */
function rawAnswer(status: number, reason: string, code: string, message: string, retryAfter?: number) {
  const body = JSON.stringify({ code, message });
  return Buffer.from(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      (retryAfter ? `Retry-After: ${retryAfter}\r\n` : '') +
      'Connection: close\r\n\r\n' +
      body,
  );
}

const TOO_MANY_FROM_ADDRESS = rawAnswer(
  503,
  'Service Unavailable',
  ErrorCode.SERVICE_UNAVAILABLE,
  'Too many open connections from your network. Close some tabs or try again in a few seconds.',
  5,
);
const FULL = rawAnswer(
  503,
  'Service Unavailable',
  ErrorCode.SERVICE_UNAVAILABLE,
  'The service is busy. Please try again in a few seconds.',
  5,
);
export const REQUEST_TIMEOUT_MESSAGE =
  'The request took too long to arrive and was cancelled. Check your connection and try again.';
const TIMED_OUT = rawAnswer(408, 'Request Timeout', ErrorCode.REQUEST_TIMEOUT, REQUEST_TIMEOUT_MESSAGE);

/** Ends a socket with a short answer; one that does not read it is destroyed soon after. */
function refuse(socket: Socket, answer: Buffer) {
  socket.on('error', () => undefined);
  socket.end(answer);
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** A request that announces a body (one without, such as a GET, is complete with its headers). */
const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * The server's sockets, bounded (docs/operations.md):
 *
 * - A request's body must arrive within `REQUEST_TIMEOUT_MS` (`UPLOAD_REQUEST_TIMEOUT_MS` on a route
 *   that takes files) of its headers; past it the client gets 408 and the connection is closed. Node
 *   itself closes a connection whose headers (`REQUEST_TIMEOUT_MS`) or whole request (the longer of the
 *   two) did not arrive, with the same 408.
 * - At most `MAX_CONNECTIONS_PER_ADDRESS` open connections per client address (not behind a trusted
 *   proxy): one more is answered 503 and closed before any HTTP parsing.
 * - At most `MAX_CONNECTIONS` in all. At the cap a new connection takes the place of the one that has
 *   waited longest without a request in progress (a slow body, headers not yet complete, an idle
 *   keep-alive socket), so a flood of slow sockets from many addresses cannot keep a new client out;
 *   only when every connection is busy with a request (or a live stream) is the new one refused.
 */
export const connectionGuardPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { max, perAddress } = opts.config.connections;
  const server = app.server;
  /** Every open connection. */
  const open = new Set<Socket>();
  /**
   * Connections without a request being handled, oldest first (a Set keeps insertion order): the
   * ones a new connection may take the place of.
   */
  const waiting = new Set<Socket>();
  const perAddressCount = new Map<string, number>();
  const stats = { refused: 0, evicted: 0, timedOut: 0 };
  app.decorate('connectionStats', () => ({ open: open.size, ...stats }));

  const accept = (socket: Socket): boolean => {
    const address = socket.remoteAddress ?? '';
    if (perAddress !== undefined && (perAddressCount.get(address) ?? 0) >= perAddress) {
      stats.refused++;
      refuse(socket, TOO_MANY_FROM_ADDRESS);
      return false;
    }
    if (open.size >= max) {
      const oldest = waiting.values().next();
      if (oldest.done) {
        stats.refused++;
        refuse(socket, FULL);
        return false;
      }
      stats.evicted++;
      forget(oldest.value);
      oldest.value.destroy();
    }
    open.add(socket);
    waiting.add(socket);
    perAddressCount.set(address, (perAddressCount.get(address) ?? 0) + 1);
    socket.once('close', () => forget(socket));
    return true;
  };
  const forget = (socket: Socket) => {
    if (!open.delete(socket)) return;
    waiting.delete(socket);
    const address = socket.remoteAddress ?? '';
    const left = (perAddressCount.get(address) ?? 1) - 1;
    if (left > 0) perAddressCount.set(address, left);
    else perAddressCount.delete(address);
  };

  // Decide before Node's HTTP layer takes the socket (its parser, timers and buffers): the HTTP
  // server's own 'connection' listener runs only for an accepted socket.
  const httpListeners = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    if (!accept(socket)) return;
    for (const listener of httpListeners) listener.call(server, socket);
  });

  // A request in progress: its connection is no longer one a newcomer may replace once its body has
  // arrived; it is again when the answer is sent (a keep-alive socket waiting for its next request).
  const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    if (open.has(socket)) {
      // Its wait starts again with this request.
      waiting.delete(socket);
      waiting.add(socket);
    }
    if (hasBody(request)) {
      const ms = request.routeOptions.config?.upload
        ? opts.config.uploadRequestTimeoutMs
        : opts.config.requestTimeoutMs;
      const timer = setTimeout(() => {
        if (request.raw.complete || reply.sent || socket.destroyed) return;
        stats.timedOut++;
        request.log.info({ ms }, 'request body did not arrive in time: 408');
        forget(socket);
        if (!reply.raw.headersSent) socket.end(TIMED_OUT);
        setTimeout(() => socket.destroy(), 1000).unref();
      }, ms);
      timer.unref();
      timers.set(request, timer);
    }
    done();
  });
  // The body has been read (a file upload's is read by its handler, which the timer still watches).
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.routeOptions.config?.upload) {
      clearTimeout(timers.get(request));
      waiting.delete(request.raw.socket);
    }
    done();
  });
  const finished = (request: FastifyRequest) => {
    clearTimeout(timers.get(request));
    const socket = request.raw.socket;
    if (open.has(socket) && !socket.destroyed) waiting.add(socket);
  };
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    finished(request);
    done();
  });
});

/**
 * Node's own answer when a request's headers or whole body did not arrive in time (the server's
 * `headersTimeout` / `requestTimeout`), and to a request it could not parse: the error contract's
 * body, then the connection is closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    if (socket.writable) socket.end(TIMED_OUT);
  } else if (socket.writable) {
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    socket.end(
      tooLarge
        ? rawAnswer(
            431,
            'Request Header Fields Too Large',
            ErrorCode.VALIDATION_FAILED,
            'The request headers are too large',
          )
        : rawAnswer(400, 'Bad Request', ErrorCode.VALIDATION_FAILED, 'The request could not be read'),
    );
  }
  setTimeout(() => socket.destroy(err), 1000).unref();
}
