import type { Page, Request } from '@playwright/test';
import type { Property, WhiteLabelLink } from '@villas/shared';
import { BASE_URL } from './env';
import { apiAs, createAgent, expect, expectNoAxeViolations, loginAs, test, uniqueEmail } from './fixtures';
import { toast, gotoRendered } from './ui';

/**
 * Live notifications: with My Dashboard open, the agent sees a client's view and booking
 * request arrive without reloading (server-sent events), within a couple of seconds; signing out
 * closes the stream.
 */

const STREAM = '/api/notifications/stream';
/** "Within a couple of seconds": far below the 30-s poll, so only the live stream can pass. */
const LIVE = { timeout: 3000 };

const bell = (page: Page) => page.locator('header').getByRole('button', { name: /^Notifications/ });

async function unreadCount(page: Page): Promise<number> {
  await expect(bell(page)).toBeVisible();
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

/** The page's live-stream requests, and which of them ended (finished, or aborted by the page). */
function watchStreams(page: Page) {
  const started: Request[] = [];
  const ended = new Set<Request>();
  const isStream = (r: Request) => new URL(r.url()).pathname === STREAM;
  page.on('request', (r) => isStream(r) && started.push(r));
  page.on('requestfinished', (r) => isStream(r) && ended.add(r));
  page.on('requestfailed', (r) => isStream(r) && ended.add(r));
  return { started, open: () => started.filter((r) => !ended.has(r)).length };
}

test('My Dashboard and the bell show a client’s view and booking request live; sign-out closes the stream', async ({
  page,
  browser,
  adminApi,
}) => {
  const agent = await createAgent(adminApi, {
    firstName: 'Léa',
    lastName: 'Garnier',
    company: 'Garnier Voyages',
  });
  const title = `Garnier Voyages - Léa Garnier ${Date.now().toString(36)}`;
  const api = await apiAs(agent.email, agent.password);
  const villas = ((await (await api.get('/api/properties')).json()) as Property[]).slice(0, 2);
  const created = await api.post('/api/white-label', {
    data: { agentId: agent.id, title, propertyIds: villas.map((v) => v.id), isActive: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const link = (await created.json()) as WhiteLabelLink;
  await api.dispose();

  await loginAs(page, agent.email, agent.password);
  const streams = watchStreams(page);
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === STREAM && r.status() === 200);
  await page.goto('/user-dashboard');
  const card = page
    .getByRole('region', { name: 'White-label links' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  const views = card.getByRole('definition').nth(1);
  await expect(views).toHaveText('0');
  const response = await streamOpen;
  expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
  expect(response.headers()['cache-control']).toBe('no-store');
  const before = await unreadCount(page);
  // One stream for the tab, though the bell and the dashboard both listen.
  expect(streams.started).toHaveLength(1);

  const client = await browser.newContext({ baseURL: BASE_URL });
  try {
    // The client opens the link: the view count and the bell change without a reload.
    const clientPage = await client.newPage();
    await gotoRendered(clientPage, `/white-label/${link.uuid}`);
    await expect(clientPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(views).toHaveText('1', LIVE);
    await expect(bell(page)).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`, LIVE);
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText(`Your link "${title}" was viewed`)).toBeVisible(LIVE);

    // The agent has the Inquiries tab open when the client sends a request: it appears there.
    await page.getByRole('button', { name: 'White-label Link Management' }).click();
    const management = page.getByRole('dialog', { name: 'White-label Link Management' });
    await management.getByRole('tab', { name: 'Inquiries' }).click();
    await expect(management.getByText('No inquiries yet')).toBeVisible();

    const villa = villas[1]!.name;
    await clientPage.getByRole('button', { name: `Request to Book ${villa}` }).click();
    const villaDialog = clientPage.getByRole('dialog', { name: villa });
    await villaDialog.getByLabel('Full name').fill('Hugo Lambert');
    await villaDialog.getByLabel('Email').fill(uniqueEmail('client'));
    await villaDialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(toast(clientPage, 'Booking Request Sent')).toBeVisible();

    const inquiry = management.getByRole('listitem').filter({ hasText: 'Hugo Lambert' });
    await expect(inquiry).toContainText(villa, LIVE);
    await expect(inquiry).toContainText('Pending');
    await page.keyboard.press('Escape');
    await expect(bell(page)).toHaveAttribute('aria-label', `Notifications, ${before + 2} unread`, LIVE);
    await expect(notifications.getByText(`New booking request from Hugo Lambert for ${villa}`)).toBeVisible();
    // Still the one stream, never a reload.
    expect(streams.started).toHaveLength(1);
    await expectNoAxeViolations(page);
  } finally {
    await client.close();
  }

  // Sign-out closes the stream, and the ended session cannot open another.
  expect(streams.open()).toBe(1);
  await page.locator('header').getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged Out')).toBeVisible();
  await expect.poll(() => streams.open()).toBe(0);
  expect((await page.request.get(STREAM, { headers: { accept: 'text/event-stream' } })).status()).toBe(401);
  expect(streams.open()).toBe(0);
});
