import type { APIRequestContext, Page } from '@playwright/test';
import type { Property } from '@villas/shared';
import { apiAs, createAgent, E2E_ADMIN, expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { isoInDays, pickDate, toast } from './ui';

/**
 * Stay rules: an administrator gives a villa 'Saturday only, 7 nights minimum' for a month
 * in the calendar manager's Stay rules panel; an agent's dated search with a Wednesday check-in no
 * longer offers it, a Saturday-to-Saturday week does; the villa's detail lists the rule and its
 * booking form says 'Check-in on Saturdays' beside the date when a Wednesday is picked. Axe on the
 * panel and the dialog at 1280 and 390 px.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The whole month three months ahead (UTC), its first Saturday and the Wednesday after it. */
function period() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const saturday = isoInDays((6 - first.getUTCDay() + 7) % 7, first);
  const year = first.getUTCFullYear() === now.getUTCFullYear() ? '' : ` ${first.getUTCFullYear()}`;
  const month = MONTHS[first.getUTCMonth()];
  return {
    start: iso(first),
    end: iso(last),
    saturday,
    wednesday: isoInDays(4, new Date(`${saturday}T00:00:00Z`)),
    /** The rule in brief, as the panel and the villa's detail list it. */
    summary: `Saturday check-in, 7 nights minimum, 1 ${month} – ${last.getUTCDate()} ${month}${year}`,
  };
}

const week = (checkIn: string) => ({ checkIn, checkOut: isoInDays(7, new Date(`${checkIn}T00:00:00Z`)) });

async function searchIds(api: APIRequestContext, filters: Record<string, unknown>) {
  const res = await api.post('/api/properties/search', { data: filters });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Property[]).map((p) => p.id);
}

async function searchOnDashboard(
  page: Page,
  place: { country: string; destination: string },
  checkIn: string,
) {
  const search = page.getByRole('region', { name: 'Find the right villa' });
  await search.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: place.country, exact: true }).click();
  await search.getByRole('combobox', { name: 'Destination' }).click();
  await page.getByRole('option', { name: place.destination, exact: true }).click();
  const stay = week(checkIn);
  await pickDate(page, search, 'Check-in', stay.checkIn);
  await pickDate(page, search, 'Check-out', stay.checkOut);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/properties/search') && r.request().method() === 'POST',
  );
  await search.getByRole('button', { name: 'Search' }).click();
  expect((await answered).status()).toBe(200);
}

test("an admin sets 'Saturday only, 7 nights minimum' on a villa; an agent's search and booking form keep to it", async ({
  page,
  browser,
  adminApi,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const place = { country: `Stay Rules ${tag}`, destination: `Saturday Bay ${tag}` };
  const name = `Villa Samedi ${tag}`;
  const p = period();

  // A villa of its own country, so the searches below see only it.
  expect(
    (await adminApi.post('/api/admin/locations/region', { data: { regionName: place.country } })).status(),
  ).toBe(201);
  const sub = await adminApi.post('/api/admin/locations/subregion', {
    data: { regionName: place.country, subregionName: place.destination },
  });
  expect(sub.status(), await sub.text()).toBe(201);
  const created = await adminApi.post('/api/properties', {
    data: {
      name,
      description: 'A stone house above the bay that lets by the week in high season.',
      region: place.country,
      subregion: place.destination,
      bedrooms: 4,
      maxGuests: 8,
      basePricePerNight: 1500,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const villa = (await created.json()) as Property;

  // The administrator: calendar manager → Stay rules → Add Stay Rule.
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/admin/properties?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Calendar & pricing for ${name}` }).click();
  const calendar = page.getByRole('dialog', { name });
  const panel = calendar.getByRole('region', { name: 'Stay rules' });
  await expect(panel).toContainText('No stay rules');
  await panel.getByRole('button', { name: 'Add Stay Rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Stay Rule' });
  await pickDate(page, dialog, 'First day', p.start);
  await pickDate(page, dialog, 'Last day', p.end);
  await dialog.getByLabel('Minimum stay (nights)').fill('7');
  await dialog.getByRole('button', { name: 'Saturday', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Saturday', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog).toContainText(p.summary);
  await expectNoAxeViolations(page);
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/admin/properties/${villa.id}/stay-rules`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save Stay Rule' }).click();
  expect((await saved).status()).toBe(201);
  await expect(toast(page, 'Stay Rule Added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const rules = panel.getByRole('list', { name: 'Stay rules' });
  await expect(rules.getByRole('listitem')).toHaveText([new RegExp(`^${p.summary}`)]);
  await panel.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel.getByRole('button', { name: `Edit stay rule: ${p.summary}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: 'Add Stay Rule' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Stay Rule' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('dialog', { name: 'Add Stay Rule' }).getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });

  // An agent: a Wednesday check-in no longer finds the villa; a Saturday-to-Saturday week does.
  const agent = await createAgent(adminApi, { firstName: 'Lucie', company: 'Lucie Voyages' });
  const agentApi = await apiAs(agent.email, agent.password);
  expect(await searchIds(agentApi, { country: place.country, ...week(p.wednesday) })).toEqual([]);
  expect(await searchIds(agentApi, { country: place.country, ...week(p.saturday) })).toEqual([villa.id]);
  await agentApi.dispose();

  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await loginAs(agentPage, agent.email, agent.password);
  await agentPage.goto('/dashboard');
  const found = agentPage.getByRole('article', { name, exact: true });
  await searchOnDashboard(agentPage, place, p.wednesday);
  await expect(found).toBeHidden();
  await searchOnDashboard(agentPage, place, p.saturday);
  await expect(found).toBeVisible();
  await expect(found).toContainText('€10,500 for 7 nights');

  // Its detail lists the rule; the booking form says it beside the date once a Wednesday is picked.
  await found.getByRole('button', { name: `View details of ${name}` }).click();
  const details = agentPage.getByRole('dialog', { name });
  await expect(details.getByRole('region', { name: 'Stay rules' })).toContainText(p.summary);
  const booking = details.getByRole('complementary', { name: 'Booking inquiry' });
  await expect(booking.getByRole('region', { name: 'Cost estimate' })).toContainText('Service fee (3%)');
  await pickDate(agentPage, booking, 'Check-in', p.wednesday);
  await expect(booking.getByRole('button', { name: /^Check-in: / })).toHaveAccessibleDescription(
    'Check-in on Saturdays',
  );
  await expect(booking.getByRole('region', { name: 'Cost estimate' })).toContainText('Check-in on Saturdays');
  await expectNoAxeViolations(agentPage);
  await agentPage.setViewportSize({ width: 390, height: 844 });
  await expect(booking.getByText('Check-in on Saturdays', { exact: true })).toBeVisible();
  await expectNoAxeViolations(agentPage);
  await agentContext.close();
});
