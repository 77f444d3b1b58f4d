import dns from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Requests to outside systems (provider APIs, iCal feeds, photos), each bounded:
 *
 * - a time-out for the whole exchange, redirects included;
 * - a cap on the answer's size, enforced while streaming (the socket is destroyed past it);
 * - redirects followed by hand and capped; a redirect to another origin drops our headers (API keys
 *   never travel to a host we did not address);
 * - no loopback, private, link-local, unique-local, carrier-grade NAT, multicast or reserved
 *   addresses. The check runs on the address actually connected to: IP literals before connecting,
 *   host names inside the socket's DNS lookup (every address `dns.lookup` answers must pass), so a
 *   name that resolves to 127.0.0.1, or re-resolves differently between a check and the connection,
 *   cannot slip through. It applies to the first request and to every redirect.
 * - `OUTBOUND_ALLOW_HOSTS` (`host` or `host:port`) names hosts exempt from the address check (a
 *   provider inside the private network, the fake servers of the tests): `host:port` that port
 *   only, a bare `host` ports 80 and 443 only, so an entry never opens the host's other services.
 *
 * Built on node:http(s) rather than fetch because fetch offers no hook on the resolved address.
 */

export type OutboundErrorKind =
  'blocked' | 'timeout' | 'too-large' | 'too-many-redirects' | 'bad-url' | 'network' | 'aborted';

export class OutboundError extends Error {
  constructor(
    public readonly kind: OutboundErrorKind,
    message: string,
    public readonly url?: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** Whole exchange, redirects included (default 15 s). */
  timeoutMs?: number;
  /** Largest answer body accepted (default 5 MB). */
  maxBytes?: number;
  /** Redirects followed before giving up (default 3). */
  maxRedirects?: number;
  /** Cancels the request (a job being stopped). */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  /** The URL that answered (after redirects). */
  url: string;
  body: Buffer;
  text(): string;
}

export interface OutboundOptions {
  /** `host:port` (that port) or `host` (ports 80 and 443) entries exempt from the private-address check. */
  allowHosts?: readonly string[];
  userAgent?: string;
}

export const OUTBOUND_DEFAULTS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 };

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  // unspecified (::), loopback (::1) and the deprecated IPv4-compatible form (::7f00:1 is
  // 127.0.0.1): nothing public lives under ::/96
  ['::', 96],
  ['64:ff9b::', 96], // NAT64: embeds an IPv4 address
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}

/** True for addresses an outbound request may not reach (IPv4-mapped IPv6 is checked as IPv4). */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');
const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** The ports an allow-list entry without a port opens: the web's, never the host's other services. */
const WEB_PORTS = new Set(['80', '443']);

/**
 * True when an `OUTBOUND_ALLOW_HOSTS` entry names the URL's host and port: `host:port` that port
 * only, a bare `host` ports 80 and 443 only.
 */
export function isAllowed(url: URL, allowHosts: readonly string[]): boolean {
  const host = bareHost(url.hostname);
  const port = url.port || defaultPort(url.protocol);
  return allowHosts.some((entry) => {
    const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(entry);
    if (!m) return false;
    // A bare IPv6 address has colons of its own: 'host:port' only applies to non-IPv6 entries or
    // bracketed ones.
    if (!entry.startsWith('[') && net.isIPv6(entry)) return bareHost(entry) === host && WEB_PORTS.has(port);
    return m[1] === host && (m[2] ? m[2] === port : WEB_PORTS.has(port));
  });
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A socket `lookup` that refuses when any resolved address is private (checked where it connects). */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad || !addresses.length) {
      const e = new OutboundError(
        'blocked',
        `Refusing to connect to ${hostname} (${bad?.address ?? 'no address'}): private or local address`,
      ) as OutboundError & NodeJS.ErrnoException;
      e.code = 'EOUTBOUNDBLOCKED';
      return callback(e, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

function check(url: URL, allowHosts: readonly string[]): { guard: boolean } {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('bad-url', `Only http and https URLs can be fetched (${url.protocol})`, url.href);
  }
  if (url.username || url.password) {
    throw new OutboundError('bad-url', 'URLs with credentials are not fetched', url.href);
  }
  if (isAllowed(url, allowHosts)) return { guard: false };
  const host = bareHost(url.hostname);
  if (net.isIP(host)) {
    if (isBlockedAddress(host)) {
      throw new OutboundError(
        'blocked',
        `Refusing to connect to ${host}: private or local address`,
        url.href,
      );
    }
    return { guard: false };
  }
  return { guard: true };
}

interface Hop {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function once(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string; maxBytes: number },
  guard: boolean,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(
      url,
      {
        method: init.method,
        headers: {
          ...init.headers,
          ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
        },
        signal,
        ...(guard ? { lookup: guardedLookup as never } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // A redirect's body is not read.
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > init.maxBytes) {
          req.destroy();
          reject(tooLarge(url, init.maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > init.maxBytes) {
            req.destroy();
            reject(tooLarge(url, init.maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
        res.on('aborted', () => reject(new OutboundError('network', 'The answer was cut off', url.href)));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const tooLarge = (url: URL, maxBytes: number) =>
  new OutboundError('too-large', `The answer is larger than ${Math.round(maxBytes / 1024)} KB`, url.href);

/** Headers that may follow a redirect to another origin. */
const PORTABLE_HEADERS = new Set(['accept', 'user-agent', 'accept-language']);

/** Creates the outbound client of one configuration (allow-list, user agent). */
export function createOutbound(opts: OutboundOptions = {}) {
  const allowHosts = opts.allowHosts ?? [];
  const userAgent = opts.userAgent ?? 'VillasSync/1.0';

  async function request(target: string | URL, req: OutboundRequest = {}): Promise<OutboundResponse> {
    const timeoutMs = req.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
    const maxBytes = req.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
    const maxRedirects = req.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;

    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new OutboundError('bad-url', `Not a valid URL: ${String(target).slice(0, 200)}`);
    }
    let method: string = req.method ?? 'GET';
    let body = req.body === undefined ? undefined : String(req.body);
    let headers: Record<string, string> = {
      'user-agent': userAgent,
      'accept-encoding': 'identity',
      ...(req.body instanceof URLSearchParams ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...Object.fromEntries(Object.entries(req.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    };
    const origin = url.origin;

    for (let redirects = 0; ; redirects++) {
      const { guard } = check(url, allowHosts);
      let hop: Hop;
      try {
        hop = await once(url, { method, headers, body, maxBytes }, guard, signal);
      } catch (err) {
        throw normalise(err, url, timeout, req.signal, timeoutMs);
      }
      const location = hop.headers.location;
      if (hop.status >= 300 && hop.status < 400 && location) {
        if (redirects >= maxRedirects) {
          throw new OutboundError('too-many-redirects', `More than ${maxRedirects} redirects`, url.href);
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new OutboundError('bad-url', 'The redirect target is not a valid URL', url.href);
        }
        if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        if (next.origin !== origin) {
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => PORTABLE_HEADERS.has(k)));
          headers['accept-encoding'] = 'identity';
        }
        url = next;
        continue;
      }
      const final = url.href;
      return {
        status: hop.status,
        ok: hop.status >= 200 && hop.status < 300,
        headers: hop.headers,
        url: final,
        body: hop.body,
        text: () => hop.body.toString('utf8'),
      };
    }
  }

  return { request };
}

export type Outbound = ReturnType<typeof createOutbound>;

function normalise(
  err: unknown,
  url: URL,
  timeout: AbortSignal,
  callerSignal: AbortSignal | undefined,
  timeoutMs: number,
): OutboundError {
  if (err instanceof OutboundError) return err;
  const e = err as NodeJS.ErrnoException & { cause?: unknown };
  if (e?.cause instanceof OutboundError) return e.cause;
  if (timeout.aborted) {
    return new OutboundError('timeout', `No answer within ${Math.round(timeoutMs / 1000)} s`, url.href);
  }
  if (callerSignal?.aborted || e?.name === 'AbortError') {
    return new OutboundError('aborted', 'The request was cancelled', url.href);
  }
  return new OutboundError(
    'network',
    `Could not reach ${url.host}: ${e?.code ?? e?.message ?? 'error'}`,
    url.href,
  );
}
