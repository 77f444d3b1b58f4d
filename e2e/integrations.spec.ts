import type { Page } from '@playwright/test';
import type { AdminPropertiesPage } from '@villas/shared';
import { INVENIO_CREDENTIALS, INVENIO_URL } from './env';
import { createAgent, E2E_ADMIN, expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { isoInDays, pickDate, toast } from './ui';

/**
 * An administrator connects Invenio (a fake Invenio Data Export API started by
 * global-setup.ts, with recorded villas, nightly price periods and Airbnb-style calendars), tests it
 * in the 'Test Invenio API' panel, syncs, follows the run in Sync Monitoring and finds the new villas
 * in the catalogue; an agent then finds a synced villa at its synced price, and not over its
 * calendar's blocked nights.
 */

const VILLA = 'Villa Les Pins Bleus'; // 5,000 EUR a night from d+1 to d+30; blocked d+10 … d+13

async function openAdmin(page: Page, tab: string) {
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/admin/${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
}

test('an admin connects Invenio, tests it, syncs and sees the report; an agent finds a synced villa at its synced price', async ({
  page,
  browser,
  adminApi,
}) => {
  test.setTimeout(180_000);
  const name = `Invenio ${Date.now().toString(36)}`;
  await openAdmin(page, 'api-connections');

  // Add Connection: Invenio at the fake's address.
  await page.getByRole('button', { name: 'Add Connection' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add API Connection' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Provider' })).toHaveText('Invenio Homes');
  await form.getByLabel('Connection name').fill(name);
  await form.getByLabel('API Key').fill(INVENIO_CREDENTIALS.apiKey);
  await form.getByLabel(/API Secret/).fill(INVENIO_CREDENTIALS.bpUuid);
  await form.getByLabel('Base URL').fill(INVENIO_URL);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create Connection' }).click();
  await expect(toast(page, 'API connection created')).toBeVisible();
  await expect(form).toBeHidden();

  // Its card never shows the secrets, only their last characters.
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('Active');
  await expect(card).toContainText(INVENIO_CREDENTIALS.apiKey.slice(-4));
  await expect(card).not.toContainText(INVENIO_CREDENTIALS.apiKey);
  await expect(card).not.toContainText(INVENIO_CREDENTIALS.bpUuid);

  // Test Invenio API → Villa List with typed-in credentials: the fake's four villas.
  const panel = page.getByRole('region', { name: 'Test Invenio API' });
  const credentials = panel.getByRole('combobox', { name: 'Credentials' });
  if (await credentials.isVisible()) {
    await credentials.click();
    await page.getByRole('option', { name: 'Enter API Key and BP UUID' }).click();
  }
  await panel.getByRole('button', { name: 'Get Villa List' }).click();
  await expect(toast(page, 'Please provide API Key and BP UUID')).toBeVisible();
  await panel.getByLabel('API Key').fill(INVENIO_CREDENTIALS.apiKey);
  await panel.getByLabel('API Secret (BP UUID)').fill(INVENIO_CREDENTIALS.bpUuid);
  await panel.getByLabel('Base URL').fill(INVENIO_URL);
  await panel.getByRole('button', { name: 'Get Villa List' }).click();
  const villas = panel.getByRole('region', { name: 'Villa List results' });
  await expect(villas).toContainText(VILLA);
  await expect(panel).toContainText('4 villas found');
  await expectNoAxeViolations(page);

  // Sync from the card; the run is a report in Sync Monitoring.
  const started = Date.now();
  await card.getByRole('button', { name: `Sync ${name}` }).click();
  await expect(toast(page, 'Sync Triggered')).toBeVisible();

  await page.goto('/admin/sync-monitoring');
  const jobs = page.getByRole('list', { name: 'Sync jobs' });
  const report = jobs.getByRole('article').filter({ hasText: name }).first();
  await expect(report).toBeVisible();
  await expect(report).toContainText('Completed', { timeout: 60_000 });
  test
    .info()
    .annotations.push({ type: 'Invenio sync of 4 villas', description: `${Date.now() - started} ms` });
  await expect(report).not.toContainText(/Errors\s*[1-9]/);
  await report.getByRole('button', { name: /^Details/ }).click();
  const detail = page.getByRole('region').filter({ hasText: /^Sync report #/ });
  await expect(detail).toContainText(VILLA);
  await expect(detail).toContainText('Properties processed');
  await expectNoAxeViolations(page);

  // The villas are in the catalogue.
  await page.goto(`/admin/properties?q=${encodeURIComponent(VILLA)}`);
  await expect(page.getByRole('article', { name: VILLA })).toBeVisible();
  const found = await adminApi.get('/api/admin/properties', { params: { q: VILLA } });
  const synced = ((await found.json()) as AdminPropertiesPage).items.find((p) => p.name === VILLA)!;
  expect(synced, `${VILLA} in GET /api/admin/properties`).toBeDefined();

  // An agent: d+2 … d+9 is seven nights at 5,000 EUR; d+8 … d+15 crosses the calendar's blocked nights.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agent = await createAgent(adminApi, { firstName: 'Lucie', company: 'Lucie Voyages' });
  await loginAs(agentPage, agent.email, agent.password);
  await agentPage.goto('/dashboard');
  const search = agentPage.getByRole('region', { name: 'Find the right villa' });
  await search.getByRole('combobox', { name: 'Country' }).click();
  await agentPage.getByRole('option', { name: synced.region!, exact: true }).click();
  if (synced.subregion) {
    await search.getByRole('combobox', { name: 'Destination' }).click();
    await agentPage.getByRole('option', { name: synced.subregion, exact: true }).click();
  }
  await pickDate(agentPage, search, 'Check-in', isoInDays(2));
  await pickDate(agentPage, search, 'Check-out', isoInDays(9));
  await search.getByRole('button', { name: 'Search' }).click();
  const villaCard = agentPage.getByRole('article', { name: VILLA, exact: true });
  await expect(villaCard).toBeVisible();
  await expect(villaCard).toContainText('€35,000 for 7 nights');

  await pickDate(agentPage, search, 'Check-in', isoInDays(8));
  await pickDate(agentPage, search, 'Check-out', isoInDays(15));
  const answered = agentPage.waitForResponse((r) => r.url().endsWith('/api/properties/search'));
  await search.getByRole('button', { name: 'Search' }).click();
  expect((await answered).status()).toBe(200);
  await expect(villaCard).toBeHidden();
  await agentContext.close();
});
