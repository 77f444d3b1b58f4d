import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { useTestContext } from './helpers';

/**
 * The built web app, served from a dist folder of this test's own making: text files with the
 * `.br` and `.gz` the build writes beside them (apps/web/vite.config.ts), plus what the build does
 * not precompress (a source map, a font).
 */
const dist = mkdtempSync(path.join(tmpdir(), 'villas-dist-'));
const bundle = `export const villas = ${JSON.stringify(
  Array.from({ length: 80 }, (_, i) => ({ id: i, name: `Villa ${i}`, region: 'Amalfi Coast' })),
)};\n`;
const map = JSON.stringify({ version: 3, sources: ['src/main.tsx'], mappings: 'AAAA;'.repeat(800) });
const font = randomBytes(3000);
const indexHtml = `<!doctype html><html><head><title>Villas</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>\n`;
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${'<circle cx="16" cy="16" r="8"/>'.repeat(60)}</svg>`;

function writeWithVariants(file: string, text: string) {
  writeFileSync(path.join(dist, file), text);
  writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
}
mkdirSync(path.join(dist, 'assets'));
writeWithVariants('index.html', indexHtml);
writeWithVariants('favicon.svg', icon);
writeWithVariants('assets/index-abc123.js', bundle);
writeFileSync(path.join(dist, 'assets/index-abc123.js.map'), map);
writeFileSync(path.join(dist, 'assets/inter-abc123.woff2'), font);

const ctx = useTestContext();
let web: App;
beforeAll(async () => {
  web = await buildApp({ config: ctx.config, database: ctx.database, serveWeb: true, webDistDir: dist });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  web.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the built web app, precompressed', () => {
  it('sends a hashed bundle as its .br file to a brotli client, cached for good', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // The file as the build wrote it, compressed once: decoding once gives the bundle back.
    expect(res.rawPayload.equals(brotliCompressSync(bundle))).toBe(true);
    expect(decoded(res)).toBe(bundle);
  });

  it('sends the .gz file to a gzip client and the plain file to a client without compression', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(gz)).toBe(bundle);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(bundle);
  });

  it('revalidates unhashed files (index.html, favicon) and still sends them compressed', async () => {
    for (const [url, text] of [
      ['/index.html', indexHtml],
      ['/favicon.svg', icon],
    ] as const) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(text);
    }
  });

  it('gives the .br and .gz files no URL of their own', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/favicon.svg.br']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('compresses a text file without variants on the way out, and leaves a font as it is', async () => {
    const res = await get('/assets/index-abc123.js.map', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(res)).toBe(map);

    const woff2 = await get('/assets/inter-abc123.woff2', 'br, gzip');
    expect(woff2.statusCode).toBe(200);
    expect(woff2.headers['content-encoding']).toBeUndefined();
    expect(woff2.rawPayload.equals(font)).toBe(true);
  });

  it('still serves the SPA (with its Open Graph rewrite point) to a client that accepts brotli', async () => {
    const res = await get('/about', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(indexHtml);
  });

  it('answers 200 for every client route (each admin tab and the audit log) and 404 for any other path', async () => {
    const routes = [
      '/',
      '/dashboard',
      '/admin',
      ...['properties', 'users', 'white-label', 'destinations', 'notifications', 'api-connections'].map(
        (t) => `/admin/${t}`,
      ),
      '/admin/sync-monitoring',
      '/admin/audit-log',
      '/white-label/3f0c9a52-7c1e-4a55-9d8e-2b4c1f6e8a10',
    ];
    for (const url of routes) expect((await get(url)).statusCode, url).toBe(200);
    for (const url of ['/admin/nothing', '/no-such-villa', '/admin/audit-log/x']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
