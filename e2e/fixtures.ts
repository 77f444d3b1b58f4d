import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { CurrentUser, Property, User, WhiteLabelLink } from '@villas/shared';
import { BASE_URL, E2E_ADMIN } from './env';

export { expect };
export { DEMO, E2E_ADMIN } from './env';

/**
 * Signs in through the API from inside the browser context, so the session cookie lands in that
 * context and its pages are signed in. Only foundation.spec.ts drives the login form.
 */
export async function loginAs(
  target: Page | BrowserContext,
  email: string,
  password: string,
): Promise<CurrentUser> {
  const res = await target.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `sign-in as ${email}: ${await res.text()}`).toBe(200);
  return (await res.json()) as CurrentUser;
}

/** A fresh API client (its own cookie jar) signed in as the given account. */
export async function apiAs(email: string, password: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const res = await api.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `sign-in as ${email}: ${await res.text()}`).toBe(200);
  return api;
}

let counter = 0;
/** An e-mail nobody has used yet in this run (and across runs on a kept database). */
export function uniqueEmail(prefix = 'agent'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

export interface Agent {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company: string;
}

/** Registers an agent through the public API and, unless `approved: false`, approves it as admin. */
export async function createAgent(
  adminApi: APIRequestContext,
  opts: { approved?: boolean; firstName?: string; lastName?: string; company?: string } = {},
): Promise<Agent> {
  const agent = {
    email: uniqueEmail(),
    password: 'agent-pass-123',
    firstName: opts.firstName ?? 'Camille',
    lastName: opts.lastName ?? 'Laurent',
    company: opts.company ?? 'Laurent Voyages',
  };
  const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const res = await anonymous.post('/api/auth/register', {
      data: { ...agent, confirmPassword: agent.password },
    });
    expect(res.status(), `register ${agent.email}: ${await res.text()}`).toBe(201);
    const user = (await res.json()) as User;
    if (opts.approved !== false) await approveUser(adminApi, user.id);
    return { ...agent, id: user.id };
  } finally {
    await anonymous.dispose();
  }
}

/** Finds a user by e-mail through the admin API. */
export async function findUser(adminApi: APIRequestContext, email: string): Promise<User> {
  const res = await adminApi.get('/api/admin/users', { params: { limit: 500 } });
  expect(res.status(), await res.text()).toBe(200);
  const users = (await res.json()) as User[];
  const user = users.find((u) => u.email.toLowerCase() === email.toLowerCase());
  expect(user, `user ${email} in GET /api/admin/users`).toBeDefined();
  return user!;
}

/** Approves an applicant the way the admin panel does: PUT with only `{approved: true}`. */
export async function approveUser(adminApi: APIRequestContext, id: number): Promise<User> {
  const res = await adminApi.put(`/api/admin/users/${id}`, { data: { approved: true } });
  expect(res.status(), await res.text()).toBe(200);
  const user = (await res.json()) as User;
  expect(user.approved).toBe(true);
  return user;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What the axe check reads of a page's Animation (this project's e2e code has no DOM types). */
interface PageAnimation {
  playState: string;
  animationName?: string;
  transitionProperty?: string;
  effect?: { getTiming(): { iterations?: number }; target?: { outerHTML: string } | null } | null;
}

/** Runs axe on the page as it is now; fails listing each violation with its elements. */
export async function expectNoAxeViolations(
  page: Page,
  opts: { include?: string; exclude?: string[] } = {},
): Promise<void> {
  // axe reads colours as they are painted: mid-transition (a button fading from disabled to enabled,
  // `transition-colors` 200 ms) it measured a contrast of 2.35 that the settled button does not have
  // (a CI run failed so). Finite animations and transitions end first; endless ones (spinners) don't.
  // One that has not ended after 5 s fails the test, named: axe would read its colours mid-change.
  // A function, not a string: the site's CSP forbids eval, so the string predicate this used before
  // never ran (it threw, and the wait was skipped without a word).
  const running = () =>
    (globalThis as unknown as { document: { getAnimations(): PageAnimation[] } }).document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
      .map(
        (a) =>
          `${a.animationName || a.transitionProperty || 'animation'} on ${(a.effect?.target?.outerHTML ?? '?').slice(0, 120)}`,
      );
  let left = await page.evaluate(running);
  for (const until = Date.now() + 5_000; left.length && Date.now() < until;) {
    await page.waitForTimeout(50);
    left = await page.evaluate(running);
  }
  expect(left, 'finite animations still running 5 s later, before axe reads the colours').toEqual([]);
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (opts.include) builder = builder.include(opts.include);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const report = violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  expect(
    violations.length,
    `axe found ${violations.length} violation(s) on ${page.url()} at ${page.viewportSize()?.width ?? '?'} px:\n${report}`,
  ).toBe(0);
}

interface Fixtures {
  /** An API client signed in as the configured admin (ADMIN_EMAIL), disposed after the test. */
  adminApi: APIRequestContext;
}

export const test = base.extend<Fixtures>({
  // Playwright needs the destructuring pattern even when a fixture uses no other fixture.
  // eslint-disable-next-line no-empty-pattern
  adminApi: async ({}, use) => {
    const api = await apiAs(E2E_ADMIN.email, E2E_ADMIN.password);
    await use(api);
    await api.dispose();
  },
});

/**
 * A live link of the catalogue's first three villas, made by a new approved agent through the API as
 * the agent's dialog would; with the name of its first villa.
 */
export async function createDemoLink(
  adminApi: APIRequestContext,
  agentName: { firstName: string; lastName: string; company: string },
  description: string,
): Promise<{ link: WhiteLabelLink; first: string }> {
  const agent = await createAgent(adminApi, agentName);
  const api = await apiAs(agent.email, agent.password);
  try {
    const villas = ((await (await api.get('/api/properties')).json()) as Property[]).slice(0, 3);
    const res = await api.post('/api/white-label', {
      data: {
        agentId: agent.id,
        title: `${agentName.company} - ${agentName.firstName} ${agentName.lastName}`,
        description,
        propertyIds: villas.map((v) => v.id),
        isActive: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { link: (await res.json()) as WhiteLabelLink, first: villas[0]!.name };
  } finally {
    await api.dispose();
  }
}
