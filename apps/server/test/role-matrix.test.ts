import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app';
import { useTestContext } from './helpers';
import {
  A_MARKERS,
  ROLES,
  SAMPLES,
  buildWorld,
  sessionFor,
  snapshotOfA,
  type Role,
  type World,
} from './route-samples';

/**
 * Every route × five callers (docs/decisions/014-route-access.md): nobody signed in, a pending
 * agent (a session of an account whose approval was withdrawn), agent A, agent B using A's ids, and
 * an administrator.
 * What each gets follows from the route's declared access: 401 for the anonymous and pending caller
 * on anything not public, 403 for agents on admin routes, 403/404 (or an answer without A's rows)
 * for B on A's data, and the route's own success for everyone it allows. Never a 5xx, and B's calls
 * leave A's links, inquiries, notifications and account as they were.
 */
const uploadDir = mkdtempSync(path.join(tmpdir(), 'villas-matrix-uploads-'));
const ctx = useTestContext({ UPLOAD_DIR: uploadDir });
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

let w: World;
let port = 0;
beforeAll(async () => {
  w = await buildWorld(ctx.app, ctx.db);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

/** Opens a stream over a real socket, returns its status and hangs up. */
function streamStatus(url: string, cookie: string | null): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: url,
        headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        if (statusCode === 200) {
          req.destroy();
          resolve({ statusCode, body: '' });
          return;
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ statusCode, body }));
      },
    );
    req.on('error', reject);
  });
}

type Expectation = 'allowed' | 'unauthenticated' | 'forbidden' | 'hidden';

function expectationFor(route: RouteEntry, role: Role): Expectation {
  const access = route.access;
  if (access === 'public') return 'allowed';
  if (role === 'anonymous' || role === 'pending') return 'unauthenticated';
  if (access === 'admin') return role === 'admin' ? 'allowed' : 'forbidden';
  if (role === 'agentB' && (access === 'owner' || access === 'owner-or-admin')) return 'hidden';
  if (role === 'admin' && access === 'owner') return 'hidden';
  return 'allowed';
}

const name = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const leaksA = (body: string) => Object.values(A_MARKERS).some((m) => body.includes(m));

/** Checks one answer against the expectation; returns what is wrong, or null. */
function verdict(
  expected: Expectation,
  status: number,
  body: string,
  ok: number[] | undefined,
): string | null {
  if (status >= 500) return `server error ${status}`;
  switch (expected) {
    case 'unauthenticated':
      return status === 401 ? null : `expected 401, got ${status}`;
    case 'forbidden':
      return status === 403 ? null : `expected 403, got ${status}`;
    case 'hidden':
      if (status === 403 || status === 404) return null;
      if (status >= 200 && status < 300 && !leaksA(body)) return null;
      return `expected 403/404 or an answer without A's rows, got ${status}`;
    case 'allowed':
      if (status === 401 || status === 403) return `expected to be let in, got ${status}`;
      if (ok ? ok.includes(status) : status >= 200 && status < 300) return null;
      return `expected ${ok ? ok.join('/') : '2xx'}, got ${status}`;
  }
}

/** Replaces the path's parameters with A's ids (for routes without a sample). */
function genericUrl(url: string): string {
  return url
    .replace(':uuid', w.link.uuid)
    .replace(':userId', String(w.a.id))
    .replace(':agentId', String(w.a.id))
    .replace(/:[A-Za-z]+/g, '1')
    .replace('*', 'x');
}

describe('role matrix over every route', () => {
  it('answers each caller by the route’s declared access, never a 5xx; B never sees or changes A’s data', async () => {
    const routes = ctx.app.routeInventory.filter((r) => !r.assets);
    expect(routes.length).toBeGreaterThan(60);
    const problems: string[] = [];
    const unsampled: string[] = [];
    let calls = 0;

    for (const route of routes) {
      const sample = SAMPLES[name(route)];
      if (!sample) unsampled.push(name(route));
      for (const role of ROLES) {
        const expected = expectationFor(route, role);
        let req;
        try {
          req = sample
            ? await sample.request(w)
            : { url: genericUrl(route.url), payload: route.method === 'GET' ? undefined : {} };
        } catch (err) {
          problems.push(`${name(route)} as ${role}: its sample request could not be built: ${String(err)}`);
          continue;
        }
        // A route without a sample may stream or need a body we cannot guess: only the callers it
        // must turn away are sent.
        if (!sample && (expected === 'allowed' || expected === 'hidden')) continue;
        // What B (and an administrator, on owner-only routes) may not change of A's. A public route is
        // open to B by design (a booking request on A's shared link adds to A's inquiries).
        const guarded =
          (role === 'agentB' && route.access !== 'public') || (role === 'admin' && route.access === 'owner');
        const before = guarded ? await snapshotOfA(w) : '';
        const cookie = w.cookies[role];
        const res = sample?.stream
          ? await streamStatus(req.url, cookie)
          : await ctx.app.inject({
              method: route.method as 'GET',
              url: req.url,
              headers: { ...(cookie ? { cookie } : {}), ...(req.headers ?? {}) },
              ...(req.payload === undefined
                ? {}
                : { payload: Buffer.isBuffer(req.payload) ? req.payload : (req.payload as object) }),
            });
        calls++;
        const label = `${name(route)} as ${role} (${req.url})`;
        const problem = verdict(expected, res.statusCode, res.body, sample?.ok);
        if (problem) problems.push(`${label}: ${problem} — ${res.body.slice(0, 200)}`);
        // Only A and an administrator may read A's rows, on routes other than the public link page.
        if (role !== 'agentA' && role !== 'admin' && route.access !== 'public' && leaksA(res.body))
          problems.push(`${label}: the answer contains A's data`);
        if (guarded && (await snapshotOfA(w)) !== before)
          problems.push(`${label}: the call changed A's data`);
        if (sample?.endsSession && cookie)
          w.cookies[role] = await sessionFor(ctx.app, ctx.db, role, emailOf(role));
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(
      unsampled,
      unsampled
        .map((r) => `${r} has no sample request: add one to SAMPLES in apps/server/test/route-samples.ts`)
        .join('\n'),
    ).toEqual([]);
    expect(calls).toBeGreaterThan(routes.length * 2);
  });
});

function emailOf(role: Role) {
  if (role === 'agentA') return { email: w.a.email, id: w.a.id };
  if (role === 'agentB') return { email: w.b.email, id: w.b.id };
  return undefined;
}
