import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, isAllowed, isBlockedAddress, OutboundError, type Outbound } from './outbound';

/** A tiny local server whose routes the tests choose. */
function serve(
  handler: http.RequestListener,
): Promise<{ port: number; url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

let a: Awaited<ReturnType<typeof serve>>;
let b: Awaited<ReturnType<typeof serve>>;
const seen: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];
/** Called when a request reaches `/slow` (the request is then in flight). */
let onSlow: (() => void) | undefined;

beforeAll(async () => {
  b = await serve((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    res.end('from b');
  });
  a = await serve((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/ok') return res.end(JSON.stringify({ ok: true }));
    if (url.pathname === '/echo') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () =>
        res.end(JSON.stringify({ method: req.method, body, type: req.headers['content-type'] })),
      );
      return;
    }
    if (url.pathname === '/slow') {
      onSlow?.();
      // A server far slower than any time-out of these tests.
      const t = setTimeout(() => res.end('late'), 5_000);
      res.on('close', () => clearTimeout(t));
      return;
    }
    if (url.pathname === '/big') {
      // Streamed without a content-length: the cap must be enforced while reading.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < 50) {
          sent++;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      pump();
      return;
    }
    if (url.pathname === '/big-declared') {
      res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      res.write('x');
      return;
    }
    if (url.pathname === '/loop') {
      const n = Number(url.searchParams.get('n') ?? 0);
      res.writeHead(302, { location: `/loop?n=${n + 1}` });
      return res.end();
    }
    if (url.pathname === '/to-b') {
      res.writeHead(302, { location: `${b.url}/landed` });
      return res.end();
    }
    if (url.pathname === '/to-localhost') {
      res.writeHead(301, { location: `http://localhost:${b.port}/landed` });
      return res.end();
    }
    if (url.pathname === '/to-metadata') {
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    res.statusCode = 404;
    res.end('nope');
  });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

async function refusal(p: Promise<unknown>): Promise<OutboundError> {
  const err = await p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

describe('address classification', () => {
  it('blocks loopback, private, link-local, unique-local, multicast and mapped forms', () => {
    for (const ip of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      // IPv4-compatible IPv6 (::/96): ::127.0.0.1, ::10.0.0.1, ::169.254.169.254
      '::7f00:1',
      '::a00:1',
      '::a9fe:a9fe',
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
    for (const ip of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isBlockedAddress(ip), ip).toBe(false);
    }
  });
});

describe('outbound requests refuse local and private destinations', () => {
  const outbound = createOutbound();

  it('refuses IP literals: 127.0.0.1, ::1, 10.x, 169.254.x, and odd spellings of loopback', async () => {
    for (const url of [
      `http://127.0.0.1:${a.port}/ok`,
      `http://[::1]:${a.port}/ok`,
      'http://10.0.0.8/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://[::ffff:127.0.0.1]/',
      `http://[::7f00:1]:${a.port}/ok`,
      'http://[::127.0.0.1]/',
    ]) {
      const err = await refusal(outbound.request(url));
      expect(err.kind, url).toBe('blocked');
    }
    expect(seen).toHaveLength(0);
  });

  it('refuses a host name that resolves to loopback, checked on the resolved address', async () => {
    // 'localhost' is not special-cased: the addresses dns.lookup answers are what is checked.
    const err = await refusal(outbound.request(`http://localhost:${a.port}/ok`));
    expect(err.kind).toBe('blocked');
    expect(err.message).toMatch(/localhost \((127\.0\.0\.1|::1)\)/);
    expect(seen).toHaveLength(0);
  });

  it('refuses other schemes and URLs with credentials', async () => {
    expect((await refusal(outbound.request('file:///etc/passwd'))).kind).toBe('bad-url');
    expect((await refusal(outbound.request('ftp://example.com/x'))).kind).toBe('bad-url');
    expect((await refusal(outbound.request('http://u:p@example.com/'))).kind).toBe('bad-url');
  });
});

describe('OUTBOUND_ALLOW_HOSTS', () => {
  it('lets a named host:port through, that port only', async () => {
    const byPort = createOutbound({ allowHosts: [`127.0.0.1:${a.port}`] });
    const res = await byPort.request(`${a.url}/ok`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text())).toEqual({ ok: true });
    expect((await refusal(byPort.request(`${b.url}/`))).kind).toBe('blocked');
  });

  it('opens only ports 80 and 443 for an entry without a port, never the host’s other services', async () => {
    const byHost = createOutbound({ allowHosts: ['127.0.0.1'] });
    const before = seen.length;
    const err = await refusal(byHost.request(`${a.url}/ok`));
    expect(err.kind).toBe('blocked');
    expect(seen).toHaveLength(before);

    const allowed = (url: string, entries: string[]) => isAllowed(new URL(url), entries);
    expect(allowed('http://calendar.internal/feed.ics', ['calendar.internal'])).toBe(true);
    expect(allowed('https://calendar.internal/feed.ics', ['calendar.internal'])).toBe(true);
    expect(allowed('http://calendar.internal:443/', ['calendar.internal'])).toBe(true);
    expect(allowed('http://calendar.internal:8443/', ['calendar.internal'])).toBe(false);
    expect(allowed('http://calendar.internal:22/', ['calendar.internal'])).toBe(false);
    expect(allowed('https://calendar.internal:8443/', ['calendar.internal:8443'])).toBe(true);
    expect(allowed('https://calendar.internal/', ['calendar.internal:8443'])).toBe(false);
    expect(allowed('http://[fd00::12]/', ['fd00::12'])).toBe(true);
    expect(allowed('http://[fd00::12]:6379/', ['fd00::12'])).toBe(false);
    expect(allowed('http://[fd00::12]:6379/', ['[fd00::12]:6379'])).toBe(true);
    expect(allowed('http://10.0.0.12:5432/', ['10.0.0.12'])).toBe(false);
  });

  it('checks every redirect: a redirect to a host outside the list is refused', async () => {
    const onlyA = createOutbound({ allowHosts: [`127.0.0.1:${a.port}`] });
    for (const path of ['/to-b', '/to-localhost', '/to-metadata']) {
      const before = seen.length;
      const err = await refusal(onlyA.request(`${a.url}${path}`));
      expect(err.kind, path).toBe('blocked');
      expect(
        seen.slice(before).map((s) => s.url),
        path,
      ).toEqual([path]);
    }
  });

  it('follows an allowed cross-origin redirect without our headers', async () => {
    const both = createOutbound({ allowHosts: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`] });
    const before = seen.length;
    const res = await both.request(`${a.url}/to-b`, {
      headers: { 'api-key': 'k-123', accept: 'text/plain' },
    });
    expect(res.text()).toBe('from b');
    expect(res.url).toBe(`${b.url}/landed`);
    const [first, second] = seen.slice(before);
    expect(first!.headers['api-key']).toBe('k-123');
    expect(second!.headers['api-key']).toBeUndefined();
    expect(second!.headers.accept).toBe('text/plain');
  });
});

describe('limits', () => {
  let outbound: Outbound;
  beforeAll(() => {
    outbound = createOutbound({ allowHosts: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`] });
  });

  it('gives up after the time-out', async () => {
    const started = Date.now();
    const err = await refusal(outbound.request(`${a.url}/slow`, { timeoutMs: 300 }));
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('stops reading past the size cap, streamed or declared', async () => {
    const err = await refusal(outbound.request(`${a.url}/big`, { maxBytes: 256 * 1024 }));
    expect(err.kind).toBe('too-large');
    const declared = await refusal(outbound.request(`${a.url}/big-declared`, { maxBytes: 1024 * 1024 }));
    expect(declared.kind).toBe('too-large');
    // Under the cap it is read whole.
    const whole = await outbound.request(`${a.url}/big`, { maxBytes: 4 * 1024 * 1024 });
    expect(whole.body.length).toBe(50 * 64 * 1024);
  });

  it('caps redirects', async () => {
    const err = await refusal(outbound.request(`${a.url}/loop`, { maxRedirects: 3 }));
    expect(err.kind).toBe('too-many-redirects');
    const ok = await outbound.request(`${a.url}/to-b`, { maxRedirects: 1 });
    expect(ok.status).toBe(200);
  });

  it('posts form bodies and answers non-2xx statuses without throwing', async () => {
    const res = await outbound.request(`${a.url}/echo`, {
      method: 'POST',
      body: new URLSearchParams({ param: '[{"v_uuid":"x"}]' }),
    });
    expect(JSON.parse(res.text())).toEqual({
      method: 'POST',
      body: 'param=%5B%7B%22v_uuid%22%3A%22x%22%7D%5D',
      type: 'application/x-www-form-urlencoded',
    });
    const missing = await outbound.request(`${a.url}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.ok).toBe(false);
  });

  it('can be cancelled by the caller', async () => {
    const controller = new AbortController();
    // Cancelled while the server holds the request.
    onSlow = () => controller.abort();
    try {
      const err = await refusal(outbound.request(`${a.url}/slow`, { signal: controller.signal }));
      expect(err.kind).toBe('aborted');
    } finally {
      onSlow = undefined;
    }
  });
});
