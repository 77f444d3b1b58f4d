import type { APIRequestContext, Page } from '@playwright/test';
import type { Hold, Property } from '@villas/shared';
import { apiAs, createAgent, E2E_ADMIN, expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { dayLong, isoInDays, pickDate, toast } from './ui';

/**
 * Holds: an agent sends a booking inquiry and places a hold on its nights; a second
 * agent's dated search no longer offers the villa for those nights; the administrator sees the hold
 * with its countdown and releases it; the villa is offered again. Axe on the hold dialog, the
 * agent's holds and the administrator's list, at 1280 and 390 px.
 */

const COUNTRY = 'France';

/** Three nights about five months ahead, a different week for each run of the file. */
function stayAhead(): { checkIn: string; checkOut: string } {
  const checkIn = isoInDays(150 + (Math.floor(Date.now() / 60_000) % 20) * 4);
  return { checkIn, checkOut: isoInDays(3, new Date(`${checkIn}T00:00:00Z`)) };
}

/** The ids a dated search of France offers for the stay (through the API, like the dashboard). */
async function searchIds(api: APIRequestContext, stay: { checkIn: string; checkOut: string }) {
  const res = await api.post('/api/properties/search', {
    data: { country: COUNTRY, ...stay, page: true, limit: 100 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as Property[] | { items: Property[] };
  return (Array.isArray(body) ? body : body.items).map((p) => p.id);
}

async function searchOnDashboard(page: Page, stay: { checkIn: string; checkOut: string }) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Properties' })).toBeVisible();
  const search = page.getByRole('region', { name: 'Find the right villa' });
  await search.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: COUNTRY, exact: true }).click();
  await pickDate(page, search, 'Check-in', stay.checkIn);
  await pickDate(page, search, 'Check-out', stay.checkOut);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/properties/search') && r.request().method() === 'POST',
  );
  await search.getByRole('button', { name: 'Search' }).click();
  const answer = (await (await answered).json()) as { items: Property[] };
  expect(answer.items.length, 'the demo catalogue has French villas free that week').toBeGreaterThan(0);
  return answer.items;
}

test('an agent holds a villa from a booking inquiry; another agent no longer finds it until the admin releases the hold', async ({
  page,
  browser,
  adminApi,
}) => {
  test.setTimeout(180_000);
  const stay = stayAhead();
  const holder = await createAgent(adminApi, {
    firstName: 'Sophie',
    lastName: 'Moreau',
    company: 'Azure Voyages',
  });
  const other = await createAgent(adminApi, {
    firstName: 'James',
    lastName: 'Hartwell',
    company: 'Hartwell Travel',
  });
  const otherApi = await apiAs(other.email, other.password);

  // Agent A finds a villa for the stay and sends a booking inquiry from its dialog.
  await loginAs(page, holder.email, holder.password);
  const results = await searchOnDashboard(page, stay);
  const villa = results[0]!;
  expect(await searchIds(otherApi, stay)).toContain(villa.id);
  const card = page.getByRole('article', { name: villa.name, exact: true });
  await card.getByRole('button', { name: `View details of ${villa.name}` }).click();
  const details = page.getByRole('dialog', { name: villa.name });
  const booking = details.getByRole('complementary', { name: 'Booking inquiry' });
  await booking.getByLabel('First name').fill('Camille');
  await booking.getByLabel('Last name').fill('Laurent');
  await booking.getByLabel('Email').fill('camille.laurent@example.com');
  await booking.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(toast(page, 'Inquiry Sent')).toBeVisible();

  // The dashboard offers to hold the inquiry's nights: 48 hours unless chosen otherwise.
  const offer = page.getByRole('dialog', { name: 'Place a hold' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(`${villa.name} for Camille Laurent`);
  await expect(offer.getByRole('button', { name: `Check-in: ${dayLong(stay.checkIn)}` })).toBeVisible();
  await expect(offer.getByRole('combobox', { name: 'Hold for' })).toHaveText('48 hours');
  await expectNoAxeViolations(page);
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/holds') && r.request().method() === 'POST',
  );
  await offer.getByRole('button', { name: 'Place hold' }).click();
  const created = await placed;
  expect(created.status(), await created.text()).toBe(201);
  const hold = (await created.json()) as Hold;
  expect(hold).toMatchObject({
    propertyId: villa.id,
    ...stay,
    status: 'active',
    clientName: 'Camille Laurent',
  });
  await expect(toast(page, 'Hold placed')).toBeVisible();
  await expect(offer).toBeHidden();
  // The villa's dialog that sent the inquiry has closed, and the card that opened it has left the
  // dated results (the nights are held): focus goes to the results, never to the top of the page. (A
  // card still listed gets it back on its View details button.)
  await expect(details).toBeHidden();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Results' })).toBeFocused();

  // Agent B's dated search no longer offers the villa for those nights.
  expect(await searchIds(otherApi, stay)).not.toContain(villa.id);
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await loginAs(otherPage, other.email, other.password);
  const seenByOther = await searchOnDashboard(otherPage, stay);
  expect(seenByOther.map((p) => p.id)).not.toContain(villa.id);
  await expect(otherPage.getByRole('article', { name: villa.name, exact: true })).toBeHidden();

  // Agent A's own holds, with the countdown, at 1280 and 390 px.
  await page.goto('/user-dashboard');
  const mine = page.getByRole('region', { name: 'Holds' }).getByRole('article', { name: villa.name });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText(/Expires in (1 d 23 h|2 d 0 h)/);
  await expect(mine.getByRole('button', { name: /^Release/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(mine).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The administrator sees it with its countdown, and releases it.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await loginAs(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await adminPage.goto('/admin/notifications');
  const active = adminPage.getByRole('region', { name: 'Active holds' });
  const held = active.getByRole('article', { name: villa.name });
  await expect(held).toBeVisible();
  await expect(held).toContainText('Sophie Moreau');
  await expect(held).toContainText('Camille Laurent');
  await expect(held).toContainText(/Expires in/);
  await expect(held.getByRole('button', { name: /^Confirm/ })).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await held.getByRole('button', { name: /^Release/ }).click();
  const ask = adminPage.getByRole('alertdialog', { name: 'Release this hold?' });
  await expect(ask).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await ask.getByRole('button', { name: 'Release hold' }).click();
  await expect(toast(adminPage, 'Hold released')).toBeVisible();
  await expect(held).toBeHidden();
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(adminPage);

  // The villa is offered again, and agent A was told.
  expect(await searchIds(otherApi, stay)).toContain(villa.id);
  const notices = await (await apiAs(holder.email, holder.password)).get(`/api/notifications/${holder.id}`);
  expect(((await notices.json()) as Array<{ title: string }>).map((n) => n.title)).toContain(
    `Hold released: ${villa.name}`,
  );

  await otherApi.dispose();
  await otherContext.close();
  await adminContext.close();
});
