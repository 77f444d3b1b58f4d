import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, todayIso } from '@villas/shared';
import Fastify, { type FastifyReply } from 'fastify';

/**
 * A fake Invenio Data Export API (and the photo and calendar hosts its villas point at) for tests:
 * a small Fastify app on a random port serving recorded fixtures, with switchable failure modes.
 *
 * Fixtures in test/fixtures/{invenio,ical} hold placeholders filled at load: {{BASE}} (this
 * server), {{d+N}} (today + N days, yyyy-MM-dd), {{ics+N}} (the same as yyyyMMdd), {{Y+1}} (next
 * year), so the recorded answers stay in the future whenever the tests run.
 */

export type FailureMode = null | '401' | '500' | 'slow' | 'malformed' | 'oversized';

export interface FakeCall {
  path: string;
  apiKey?: string;
  bpUuid?: string;
  param?: unknown;
}

export interface PhotoAnswer {
  type: string;
  body: Buffer | string;
  /** Answer after this many milliseconds (past the client's time-out). */
  delayMs?: number;
}

export interface FakeInvenio {
  url: string;
  /** `127.0.0.1:<port>`: the OUTBOUND_ALLOW_HOSTS entry that lets the app reach this server. */
  host: string;
  apiKey: string;
  bpUuid: string;
  villas: Array<Record<string, unknown>>;
  priceData: Record<string, unknown>;
  availability: Array<Record<string, unknown>>;
  /** Calendar name (as in {{BASE}}/ical/{name}.ics) → iCalendar text. */
  calendars: Map<string, string>;
  /** Failure of the API calls: of every call, or only of one endpoint. */
  failure: FailureMode;
  failOn: 'all' | 'list' | 'price';
  /** Delay of the 'slow' mode (past the client's time-out). */
  slowMs: number;
  /** A delay added to every API answer (keeps a run going for concurrency tests). */
  delayMs: number;
  /** Paths answering 404 (a photo or a calendar that vanished). */
  broken: Set<string>;
  /**
   * Photo name (as in {{BASE}}/photos/{name}) → its answer, in place of the tiny JPEG every other
   * photo answers (a page that is not an image, a huge or slow answer, a decompression bomb).
   */
  photoAnswers: Map<string, PhotoAnswer>;
  /** Names of the photos requested (404s included), in order: what a sync downloaded. */
  photoRequests: string[];
  calls: FakeCall[];
  reset(): void;
  /** Replaces the fixtures with `n` generated villas (each with photos, prices and a calendar). */
  generate(n: number): void;
  close(): Promise<void>;
}

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

export function fill(text: string, base: string, now = new Date()): string {
  const today = todayIso(now);
  return text
    .replaceAll('{{BASE}}', base)
    .replace(/\{\{d\+(\d+)\}\}/g, (_, n: string) => addDays(today, Number(n)))
    .replace(/\{\{ics\+(\d+)\}\}/g, (_, n: string) => addDays(today, Number(n)).replaceAll('-', ''))
    .replaceAll('{{Y+1}}', String(now.getUTCFullYear() + 1));
}

export function fixture(name: string, base: string): string {
  return fill(readFileSync(path.join(fixtures, name), 'utf8'), base);
}

/** A tiny valid JPEG (the fake photo host's answer). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

export async function startFakeInvenio(
  opts: { apiKey?: string; bpUuid?: string; port?: number } = {},
): Promise<FakeInvenio> {
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 1024 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  let url = '';

  const fake: FakeInvenio = {
    url,
    host: '',
    apiKey: opts.apiKey ?? 'inv_live_5d0c7e2b9a13f9a4',
    bpUuid: opts.bpUuid ?? '0e5b3c1d-2f47-4a8e-b6d9-7c21f05a9e33',
    villas: [],
    priceData: {},
    availability: [],
    calendars: new Map(),
    failure: null,
    failOn: 'all',
    slowMs: 3000,
    delayMs: 0,
    broken: new Set(),
    photoAnswers: new Map(),
    photoRequests: [],
    calls: [],
    reset() {
      fake.villas = JSON.parse(fixture('invenio/villa_list.json', url));
      fake.priceData = JSON.parse(fixture('invenio/villa_price.json', url)).price_data;
      fake.availability = JSON.parse(fixture('invenio/villa_availability.json', url));
      fake.calendars = new Map(
        ['pins-bleus', 'edelweiss', 'kalima', 'dst', 'recurring'].map((n) => [
          n,
          fixture(`ical/${n}.ics`, url),
        ]),
      );
      fake.failure = null;
      fake.failOn = 'all';
      fake.delayMs = 0;
      fake.broken = new Set();
      fake.photoAnswers = new Map();
      fake.photoRequests = [];
      fake.calls = [];
    },
    generate(n) {
      const countries = [
        ['France', 'Côte d’Azur'],
        ['Italy', 'Tuscany'],
        ['Greece', 'Mykonos'],
        ['Spain', 'Ibiza'],
        ['Switzerland', 'Verbier'],
      ] as const;
      const today = todayIso();
      fake.villas = [];
      fake.priceData = {};
      for (let i = 0; i < n; i++) {
        const id = `gen-${String(i).padStart(5, '0')}`;
        const [country, destination] = countries[i % countries.length]!;
        fake.villas.push({
          v_uuid: id,
          name: `Generated Villa ${i}`,
          description: `Generated villa number ${i} with a pool and a view.`,
          destination,
          district: `District ${i % 7}`,
          country,
          bedrooms: 2 + (i % 8),
          sleeps: 4 + (i % 12),
          photos: [`${url}/photos/${id}-a.jpg`, `${url}/photos/${id}-b.jpg`],
          features: ['Swimming Pool', 'Wifi', i % 2 ? 'Sea View' : 'Mountain View'],
          minimum_price: 14000 + i * 10,
          maximum_price: 40000 + i * 10,
          ical_url: `${url}/ical/gen.ics`,
        });
        fake.priceData[id] = [
          {
            start_date: addDays(today, 1),
            end_date: addDays(today, 90),
            amount: 2000 + i,
            currency_code: 'EUR',
            unit: 'Night',
          },
          {
            start_date: addDays(today, 91),
            end_date: addDays(today, 180),
            amount: 2500 + i,
            currency_code: 'EUR',
            unit: 'Night',
          },
        ];
      }
      fake.calendars.set('gen', fixture('ical/pins-bleus.ics', url));
    },
    close: () => app.close(),
  };

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Answers an API call, or fails it the way the current mode says. */
  async function answer(
    reply: FastifyReply,
    endpoint: 'list' | 'price' | 'availability',
    body: () => unknown,
  ) {
    if (fake.delayMs) await sleep(fake.delayMs);
    const failing = fake.failure && (fake.failOn === 'all' || fake.failOn === endpoint);
    switch (failing ? fake.failure : null) {
      case '401':
        return reply.code(401).send({ message: 'Invalid API key or BP UUID' });
      case '500':
        return reply.code(500).type('text/html').send('<h1>Internal Server Error</h1>');
      case 'slow':
        await sleep(fake.slowMs);
        return reply.send(body());
      case 'malformed':
        return reply.type('application/json').send('{"data": [{"v_uuid": "8f3c2a10", "name": "Villa');
      case 'oversized': {
        // 26 MB streamed without a length: past the client's 25 MB cap.
        const chunk = `{"v_uuid":"x","name":"${'x'.repeat(1000)}"},`;
        const { Readable } = await import('node:stream');
        let sent = 0;
        const stream = new Readable({
          read() {
            if (sent > 26 * 1024 * 1024) return this.push(null);
            sent += chunk.length * 64;
            this.push(chunk.repeat(64));
          },
        });
        return reply.type('application/json').send(stream);
      }
      default:
        return reply.send(body());
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    const p = request.url.split('?')[0]!;
    if (p.startsWith('/photos/')) fake.photoRequests.push(decodeURIComponent(p.slice('/photos/'.length)));
    if (fake.broken.has(p)) return reply.code(404).send('Not Found');
  });

  for (const [endpoint, name] of [
    ['list', 'api_villa_list'],
    ['availability', 'api_villa_availability'],
    ['price', 'api_villa_price'],
  ] as const) {
    app.post(`/plapi/getdata/${name}`, async (request, reply) => {
      const body = (request.body ?? {}) as { param?: string };
      let param: unknown;
      try {
        param = body.param ? JSON.parse(body.param) : undefined;
      } catch {
        return reply.code(400).send({ message: 'param must be a JSON array' });
      }
      const apiKey = request.headers['api-key'] as string | undefined;
      const bpUuid = request.headers['bp_uuid'] as string | undefined;
      fake.calls.push({ path: request.url, apiKey, bpUuid, param });
      if (apiKey !== fake.apiKey || bpUuid !== fake.bpUuid) {
        return reply.code(401).send({ message: 'Invalid API key or BP UUID' });
      }
      const filter = (Array.isArray(param) ? param[0] : undefined) as Record<string, unknown> | undefined;
      if (endpoint === 'list') return answer(reply, endpoint, () => fake.villas);
      if (endpoint === 'price') {
        const only = filter?.v_uuid as string | undefined;
        return answer(reply, endpoint, () => ({
          price_data: only ? { [only]: fake.priceData[only] ?? null } : fake.priceData,
        }));
      }
      return answer(reply, endpoint, () => ({
        data: fake.availability.filter((v) => {
          if (!filter) return true;
          const bedrooms = Number(v.bedrooms);
          if (filter.min_bedrooms != null && bedrooms < Number(filter.min_bedrooms)) return false;
          if (filter.max_bedrooms != null && bedrooms > Number(filter.max_bedrooms)) return false;
          if (filter.destination_name && v.destination !== filter.destination_name) return false;
          if (filter.v_uuid && v.v_uuid !== filter.v_uuid) return false;
          if (
            filter.search_term &&
            !String(v.name).toLowerCase().includes(String(filter.search_term).toLowerCase())
          ) {
            return false;
          }
          return true;
        }),
      }));
    });
  }

  app.get('/ical/:name', async (request, reply) => {
    const name = (request.params as { name: string }).name.replace(/\.ics$/, '');
    const text = fake.calendars.get(name);
    if (text === undefined) return reply.code(404).send('Not Found');
    return reply.type('text/calendar; charset=utf-8').send(text);
  });

  app.get('/photos/:name', async (request, reply) => {
    const answer = fake.photoAnswers.get((request.params as { name: string }).name);
    if (!answer) return reply.type('image/jpeg').send(JPEG);
    if (answer.delayMs) await sleep(answer.delayMs);
    return reply.type(answer.type).send(answer.body);
  });

  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fake.url = url;
  fake.host = new URL(url).host;
  fake.reset();
  return fake;
}
