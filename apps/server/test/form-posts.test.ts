import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries } from '@villas/db/schema';
import { buildApp, type App } from '../src/app';
import { useTestContext } from './helpers';

/**
 * The landing's contact form posted by the browser itself, JavaScript off (`POST /`, urlencoded):
 * the JSON route's schema, limit, Origin check and service; 303 back to the page when stored, the
 * page again with what was typed and the errors when refused. Against a build of this test's own
 * making (as server-render.test.ts), whose rendering module writes the page's state into its HTML
 * so the test can read it back; the real page's markup is tested in apps/web (entry-server.test.tsx).
 */
const dist = mkdtempSync(path.join(tmpdir(), 'villas-forms-dist-'));
const ssr = mkdtempSync(path.join(tmpdir(), 'villas-forms-ssr-'));
const template = `<!doctype html><html><head><title>Luxury Villas</title><script type="module" crossorigin src="/assets/main-1.js"></script></head><body><div id="root"></div></body></html>`;
mkdirSync(path.join(dist, '.vite'));
writeFileSync(path.join(dist, 'index.html'), template);
writeFileSync(path.join(dist, 'collection.html'), template);
writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
writeFileSync(
  path.join(ssr, 'entry-server.js'),
  `const page = (url, state) => ({
     head: '<title>Page</title>',
     body: '<main data-url="' + url + '">' + JSON.stringify(state.queries).replace(/</g, '\\\\u003c') + '</main>',
     modules: [],
     state: '',
   });
   export const renderApp = async (url, state) => page(url, state);
   export const renderCollection = async (url, state) => page(url, state);`,
);

const ORIGIN = 'https://villas.example.com';
const ctx = useTestContext({
  PUBLIC_URL: ORIGIN,
  RATE_LIMIT_MAX: '3',
  RATE_LIMIT_WINDOW_MS: String(15 * 60_000),
});
/** Everything the app logged, at every level. */
const logged: string[] = [];
let web: App;
beforeAll(async () => {
  web = await buildApp({
    config: ctx.config,
    database: ctx.database,
    serveWeb: true,
    webDistDir: dist,
    webSsrDir: ssr,
    logger: {
      level: 'trace',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logged.push(String(chunk));
          done();
        },
      }),
    },
  });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(ssr, { recursive: true, force: true });
});

/** Each test posts from its own address: the limit counts per client address. */
let net = 0;
const address = () => `10.88.0.${++net}`;

const fields = (over: Record<string, string> = {}) => ({
  firstName: 'Claire',
  lastName: 'Dubois',
  email: 'claire.dubois@riviera.example',
  inquiryType: 'agent',
  message: 'Twelve guests on the Riviera in June.',
  ...over,
});

/** The form as a browser posts it: urlencoded, from the site's own page. */
function post(
  values: Record<string, string>,
  { from = address(), headers = {} as Record<string, string>, url = '/' } = {},
) {
  return web.inject({
    method: 'POST',
    url,
    remoteAddress: from,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: new URLSearchParams(values).toString(),
  });
}

/** The page's state as the fake rendering module wrote it. */
function stateOf(html: string): Record<string, unknown> {
  const text = /<main data-url="[^"]*">([\s\S]*?)<\/main>/.exec(html)?.[1];
  return JSON.parse((text ?? 'null').replace(/\\u003c/g, '<')) as Record<string, unknown>;
}

const storedWith = async (message: string) =>
  ctx.db.select().from(inquiries).where(eq(inquiries.message, message));

describe('the contact form posted without JavaScript (POST /)', () => {
  it('stores the inquiry with the JSON route’s service and answers 303 back to the page, at the form', async () => {
    const message = 'A week in Saint-Tropez for a family of eight.';
    const res = await post(fields({ message }));
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/?sent=contact#contact');
    expect(await storedWith(message)).toEqual([
      expect.objectContaining({
        kind: 'contact',
        inquiryType: 'agent',
        firstName: 'Claire',
        lastName: 'Dubois',
        email: 'claire.dubois@riviera.example',
        propertyId: null,
        status: 'pending',
      }),
    ]);
  });

  it('defaults the inquiry type to Other and leaves out fields the form does not have', async () => {
    const message = 'Only the contact fields count.';
    const { inquiryType: _, ...rest } = fields({ message });
    const res = await post({ ...rest, type: 'off-market', propertyId: '1', budget: 'EUR 1' });
    expect(res.statusCode, res.body).toBe(303);
    expect(await storedWith(message)).toEqual([
      expect.objectContaining({ kind: 'contact', inquiryType: 'other', budget: null }),
    ]);
  });

  it('renders the page again, 400, with what was typed and each field’s error (the schema’s words)', async () => {
    const message = 'Please keep this text when the e-mail is wrong.';
    const res = await post(fields({ email: 'claire-at-riviera', lastName: ' ', message }));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<main data-url="/">');
    expect(stateOf(res.body)['form:contact']).toEqual({
      values: fields({ email: 'claire-at-riviera', lastName: ' ', message }),
      errors: { email: 'Please enter a valid email address', lastName: 'Last name is required' },
    });
    // The page's own answers are there too, as on GET /.
    expect(stateOf(res.body)).toHaveProperty('/api/company');
    expect(await storedWith(message)).toEqual([]);

    // A browser sends every field of the form, empty ones as ''.
    const empty = await post(fields({ firstName: '', lastName: '', email: '', message: '' }));
    expect(empty.statusCode).toBe(400);
    expect((stateOf(empty.body)['form:contact'] as { errors: unknown }).errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('holds the JSON route’s bounds: its length limits, no NUL, and a bounded body', async () => {
    const long = await post(fields({ message: 'x'.repeat(5001) }));
    expect(long.statusCode).toBe(400);
    expect((stateOf(long.body)['form:contact'] as { errors: Record<string, string> }).errors).toHaveProperty(
      'message',
    );
    const nul = await post(fields({ firstName: 'Cla\u0000ire' }));
    expect(nul.statusCode).toBe(400);
    expect((stateOf(nul.body)['form:contact'] as { errors: Record<string, string> }).errors.firstName).toBe(
      'firstName cannot contain the NUL character',
    );
    const huge = await post(fields({ message: 'x'.repeat(70_000) }));
    expect(huge.statusCode).toBe(413);
    // Another kind of body carries none of the fields: refused like an empty form.
    const text = await web.inject({
      method: 'POST',
      url: '/',
      remoteAddress: address(),
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
      payload: 'firstName=Claire',
    });
    expect(text.statusCode).toBe(400);
    expect((stateOf(text.body)['form:contact'] as { values: unknown }).values).toEqual({});
  });

  it('refuses a post from another site, 403, and stores nothing', async () => {
    const message = 'Sent from a page of another site.';
    for (const headers of [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': '' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await post(fields({ message }), { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('CSRF_REJECTED');
    }
    expect(await storedWith(message)).toEqual([]);
  });

  it("lets the browser name the page's origin in its own posts (Referrer-Policy same-origin, never no-referrer)", async () => {
    // Under 'no-referrer' a browser posts a page's form with 'Origin: null', refused as from another site.
    const res = await web.inject({ url: '/' });
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('counts against the same limit as POST /api/inquiries, per address', async () => {
    const from = address();
    const json = () =>
      web.inject({
        method: 'POST',
        url: '/api/inquiries',
        remoteAddress: from,
        payload: { ...fields(), propertyId: null },
      });
    expect((await json()).statusCode).toBe(201);
    expect((await post(fields(), { from })).statusCode).toBe(303);
    expect((await json()).statusCode).toBe(201);
    const message = 'One message too many from this address.';
    const refused = await post(fields({ message }), { from });
    // The page again, with what was typed and the limit's words above the button; nothing stored.
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(stateOf(refused.body)['form:contact']).toEqual({
      values: fields({ message }),
      errors: { '': 'Too many attempts. Try again in 15 minutes.' },
    });
    expect(await storedWith(message)).toEqual([]);
    expect((await json()).statusCode).toBe(429);
    // Another address is counted apart.
    expect((await post(fields())).statusCode).toBe(303);
  });

  it('never takes a submission by GET: the fields in a URL store nothing and render no form state', async () => {
    const message = 'Sent by GET, which must never count.';
    const res = await web.inject({ url: `/?${new URLSearchParams(fields({ message }))}` });
    expect(res.statusCode).toBe(200);
    expect(stateOf(res.body)).not.toHaveProperty('form:contact');
    expect(await storedWith(message)).toEqual([]);
  });

  it('is the only route that reads a urlencoded body: the JSON route refuses one, 415', async () => {
    const res = await post(fields(), { url: '/api/inquiries' });
    expect(res.statusCode).toBe(415);
  });

  it('puts the message in no URL and no log line, stored or refused', async () => {
    logged.length = 0;
    const stored = 'Secret plans for a surprise party at the villa.';
    const refused = 'Another private message that must not be logged.';
    const ok = await post(fields({ message: stored }));
    const bad = await post(fields({ message: refused, email: 'nope' }));
    expect([ok.statusCode, bad.statusCode]).toEqual([303, 400]);
    expect(ok.headers.location).not.toMatch(/Secret|party/);
    // Both requests were logged, without their bodies.
    const lines = logged.join('');
    expect(lines).toContain('"method":"POST","url":"/"');
    for (const text of [stored, refused, 'surprise', 'private message']) expect(lines).not.toContain(text);
  });
});
