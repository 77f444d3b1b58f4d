import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Role } from '@villas/shared';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '@villas/db/schema';
import { hashToken, newToken } from '../src/modules/sessions/sessions.service';
import { SESSION_COOKIE } from '../src/plugins/auth';
import { brotliCompressSync, compressionPlugin } from '../src/plugins/compression';
import { createProperty, createUser } from './factories';
import { useTestContext } from './helpers';

const uploadDir = mkdtempSync(path.join(tmpdir(), 'villas-compression-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));
const ctx = useTestContext({ UPLOAD_DIR: uploadDir });

/** A signed-in caller's cookie, its session written directly (this file tests answers, not login). */
async function sessionCookie(role: Role): Promise<string> {
  const user = await createUser(ctx.db, { role });
  const token = newToken();
  await ctx.db
    .insert(sessions)
    .values({ id: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) });
  return `${SESSION_COOKIE}=${token}`;
}

/** The body as the client reads it: decoded by its Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body;
}

/** The window a brotli stream declares in its first bits (RFC 7932, 9.1): log2 of its size. */
function brotliWindowBits(stream: Buffer): number {
  const bits = stream[0]! | (stream[1]! << 8);
  if ((bits & 1) === 0) return 16;
  const n = (bits >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (bits >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

describe('compressed API answers', () => {
  it('sends a JSON answer over 1 kB as brotli or gzip by Accept-Encoding, decoding to the same JSON', async () => {
    const cookie = await sessionCookie('agent');
    for (let i = 0; i < 6; i += 1) await createProperty(ctx.db);
    const plain = await ctx.app.inject({ url: '/api/properties', headers: { cookie } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const json = plain.json();

    const br = await ctx.app.inject({
      url: '/api/properties',
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);
    // A window fitted to the answer, not brotli's 4 MB default (each answer allocates it).
    expect(brotliWindowBits(br.rawPayload)).toBe(16);
    // The other plugins' headers are still there.
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['content-security-policy']).toContain("default-src 'self'");
    expect(br.headers['cache-control']).toBe('no-store');

    const gzip = await ctx.app.inject({
      url: '/api/properties',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(json);

    // Only brotli and gzip are offered: a client asking for neither gets the JSON as it is.
    const other = await ctx.app.inject({
      url: '/api/properties',
      headers: { cookie, 'accept-encoding': 'deflate' },
    });
    expect(other.headers['content-encoding']).toBeUndefined();
    expect(other.json()).toEqual(json);
  });

  it('fits the brotli window to the answer, from 64 kB up to 4 MB, and decodes to the same bytes', () => {
    const text = (n: number) => randomBytes(n / 2).toString('hex');
    for (const [size, bits] of [
      [2_000, 16],
      [300_000, 19],
      [3_000_000, 22],
    ] as const) {
      const input = text(size);
      const out = brotliCompressSync(input);
      expect(brotliWindowBits(out), `${size} bytes`).toBe(bits);
      expect(brotliDecompressSync(out).toString()).toBe(input);
    }
  });

  it('leaves answers under 1 kB as they are', async () => {
    const res = await ctx.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('compresses an error answer and keeps its status and JSON body', async () => {
    const cookie = await sessionCookie('admin');
    const request = {
      method: 'POST' as const,
      url: '/api/availability/bulk',
      headers: { cookie, 'content-type': 'application/json' },
      // Thirty malformed dates: one issue each, well over 1 kB of JSON.
      payload: JSON.stringify({
        propertyId: 1,
        dates: Array.from({ length: 30 }, () => 'soon'),
        available: true,
      }),
    };
    const plain = await ctx.app.inject(request);
    expect(plain.statusCode).toBe(400);
    expect(plain.rawPayload.length, 'the error body must pass the 1 kB threshold').toBeGreaterThan(1024);

    const res = await ctx.app.inject({
      ...request,
      headers: { ...request.headers, 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(decoded(res));
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    expect(body.issues).toHaveLength(30);
    expect(body.issues).toEqual(plain.json().issues);
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('does not compress images under /uploads again', async () => {
    mkdirSync(path.join(uploadDir, 'images'), { recursive: true });
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 'a')]);
    writeFileSync(path.join(uploadDir, 'images', 'photo.png'), png);
    const res = await ctx.app.inject({
      url: '/uploads/images/photo.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(png)).toBe(true);
  });
});

describe('what the compression plugin leaves alone', () => {
  const big = 'data: tick\n\n'.repeat(200);
  async function appWith(send: (reply: import('fastify').FastifyReply) => unknown) {
    const app = Fastify();
    await app.register(compressionPlugin);
    app.get('/', async (_request, reply) => send(reply));
    await app.ready();
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    await app.close();
    return res;
  }

  it('streams server-sent events uncompressed', async () => {
    const res = await appWith((reply) => reply.type('text/event-stream').send(big));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(big);
  });

  it('keeps a body that sets its own Content-Encoding', async () => {
    const own = randomBytes(4096);
    const res = await appWith((reply) => reply.type('text/plain').header('content-encoding', 'br').send(own));
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(own)).toBe(true);
  });

  it('sends arbitrary bytes (application/octet-stream) as they are', async () => {
    const bytes = randomBytes(4096);
    const res = await appWith((reply) => reply.type('application/octet-stream').send(bytes));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('compresses the same text as HTML', async () => {
    const res = await appWith((reply) => reply.type('text/html').send(big));
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(big);
  });
});
