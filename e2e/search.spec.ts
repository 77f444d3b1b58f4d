import type { Page } from '@playwright/test';
import type { Inquiry, Property } from '@villas/shared';
import { createAgent, expect, expectNoAxeViolations, loginAs, test, uniqueEmail } from './fixtures';
import { dayLong, isoInDays, pickDate, toast, gotoRendered } from './ui';

/**
 * The agent's search (country + dates + amenity), the villa's detail dialog and its booking
 * inquiry as the admin sees it, the VIP off-market dialog, and accessibility of the public pages, the
 * dashboard and its dialogs.
 */

const FEATURED_VILLA = 'Villa Cap Lumière';
const COUNTRY = 'France';
const AMENITY = 'Fireplace';

/** A week about two months ahead: Saturday to Saturday. */
function stayTwoMonthsAhead(): { checkIn: string; checkOut: string } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 60));
  const toSaturday = (6 - start.getUTCDay() + 7) % 7;
  const checkIn = isoInDays(60 + toSaturday, now);
  return { checkIn, checkOut: isoInDays(7, new Date(`${checkIn}T00:00:00Z`)) };
}

/** Opens /dashboard signed in as a fresh agent and waits for the catalogue. */
async function openDashboard(page: Page, adminApi: Parameters<typeof createAgent>[0]) {
  const agent = await createAgent(adminApi, { firstName: 'Margaux', company: 'Maison Margaux' });
  await loginAs(page, agent.email, agent.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Properties' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /properties in the collection/ })).toBeVisible();
  return agent;
}

/** Country + stay + one amenity (the amenity chip runs the search); answers the search's results. */
async function searchCountryDatesAmenity(page: Page, stay: { checkIn: string; checkOut: string }) {
  const search = page.getByRole('region', { name: 'Find the right villa' });
  await search.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: COUNTRY, exact: true }).click();
  await expect(search.getByRole('combobox', { name: 'Country' })).toHaveText(COUNTRY);
  await expect(search.getByRole('combobox', { name: 'Destination' })).toBeEnabled();

  await pickDate(page, search, 'Check-in', stay.checkIn);
  await pickDate(page, search, 'Check-out', stay.checkOut);

  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/properties/search') && r.request().method() === 'POST',
  );
  const chip = search.getByRole('group', { name: 'Amenities' }).getByRole('button', { name: AMENITY });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({
    country: COUNTRY,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    amenityIds: [expect.any(Number)],
  });
  // The dashboard asks for pages: the first page's cards and the number of matches in all.
  const answer = (await response.json()) as { items: Property[]; total: number };
  const results = answer.items;
  expect(
    answer.total,
    'the demo catalogue has French houses with a fireplace free that week',
  ).toBeGreaterThan(0);
  await expect(
    page.getByRole('status').filter({
      hasText: `${answer.total} ${answer.total === 1 ? 'property matches' : 'properties match'} your search`,
    }),
  ).toBeVisible();
  return results;
}

test('an agent searches by country, dates and amenity, opens a villa and sends a booking inquiry the admin sees', async ({
  page,
  adminApi,
}) => {
  await openDashboard(page, adminApi);
  const stay = stayTwoMonthsAhead();
  const results = await searchCountryDatesAmenity(page, stay);

  // Every result is in France, has the amenity, and carries the stay's nights and total.
  for (const p of results) {
    expect(p.region).toBe(COUNTRY);
    expect(p.amenities).toContain(AMENITY);
    expect(p.totalNights).toBe(7);
  }
  const villa = results.find((p) => p.totalCost != null && p.totalCost > 0) ?? results[0]!;
  const card = page.getByRole('article', { name: villa.name, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText(/for 7 nights$/)).toBeVisible();

  // The detail dialog: the villa's facts and the booking form, prefilled with the searched stay.
  await card.getByRole('button', { name: `View details of ${villa.name}` }).click();
  const dialog = page.getByRole('dialog', { name: villa.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 3, name: 'Amenities' })).toBeVisible();
  const booking = dialog.getByRole('complementary', { name: 'Booking inquiry' });
  await expect(booking.getByRole('button', { name: `Check-in: ${dayLong(stay.checkIn)}` })).toBeVisible();
  await expect(booking.getByRole('button', { name: `Check-out: ${dayLong(stay.checkOut)}` })).toBeVisible();
  await expect(booking.getByRole('region', { name: 'Cost estimate' })).toContainText('Service fee (3%)');

  const email = uniqueEmail('booking');
  await booking.getByLabel('First name').fill('Eleanor');
  await booking.getByLabel('Last name').fill('Whitmore');
  await booking.getByLabel('Email').fill(email);
  await booking.getByLabel('Phone (optional)').fill('+44 20 7946 0958');
  await booking.getByRole('combobox', { name: 'Guests' }).click();
  const guests = Math.min(4, villa.maxGuests);
  await page
    .getByRole('option', { name: `${guests} ${guests === 1 ? 'guest' : 'guests'}`, exact: true })
    .click();
  await booking.getByLabel('Message (optional)').fill('A family week with a private chef, please.');
  await booking.getByRole('button', { name: 'Send Inquiry' }).click();

  await expect(toast(page, 'Inquiry Sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The admin's list holds it: a booking for that villa, with the e-mail, stay and guests.
  const res = await adminApi.get('/api/inquiries/off-market');
  expect(res.status(), await res.text()).toBe(200);
  const inquiry = ((await res.json()) as Inquiry[]).find((i) => i.email === email);
  expect(inquiry, `an inquiry from ${email} in GET /api/inquiries/off-market`).toBeDefined();
  expect(inquiry).toMatchObject({
    kind: 'booking',
    status: 'pending',
    propertyId: villa.id,
    firstName: 'Eleanor',
    lastName: 'Whitmore',
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests,
  });
});

test('the landing page shows the hero and the featured Riviera villa, and axe finds nothing', async ({
  page,
}) => {
  await gotoRendered(page, '/');
  const hero = page.getByRole('region', { name: 'Extraordinary Luxury' });
  await expect(hero.getByRole('heading', { level: 1, name: 'Extraordinary Luxury' })).toBeVisible();
  await expect(
    hero.getByText("Discover the world's most exclusive private villas and chalets"),
  ).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Explore Properties' })).toHaveAttribute('href', '#properties');
  await expect(hero.getByRole('link', { name: 'Request Access' })).toHaveAttribute('href', '#contact');
  // The featured showcase is the catalogue's French Riviera villa.
  const showcase = page.locator('#properties');
  const featured = showcase.getByRole('heading', { level: 2, name: FEATURED_VILLA });
  await expect(featured).toBeVisible();
  await expect(showcase).toContainText('French Riviera');
  await expect(page.getByRole('heading', { name: 'Exclusive Portfolio' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(featured).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe finds nothing on /about, signed out and signed in (with Legal Compliance)', async ({
  page,
  adminApi,
}) => {
  await gotoRendered(page, '/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Privacy Policy' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const agent = await createAgent(adminApi);
  await loginAs(page, agent.email, agent.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoRendered(page, '/about');
  await expect(page.getByRole('tab', { name: 'Privacy Policy' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Terms & Conditions' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe finds nothing on the dashboard, the property dialog and the off-market dialog', async ({
  page,
  adminApi,
}) => {
  await openDashboard(page, adminApi);
  await expectNoAxeViolations(page);

  const stay = stayTwoMonthsAhead();
  const results = await searchCountryDatesAmenity(page, stay);
  await expectNoAxeViolations(page);

  // The property detail dialog, as the agent opens it from a result.
  const villa = results[0]!;
  await page.getByRole('button', { name: `View details of ${villa.name}` }).click();
  const dialog = page.getByRole('dialog', { name: villa.name });
  await expect(dialog.getByRole('button', { name: 'Send Inquiry' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The VIP card after the results opens the off-market dialog with the search summarised.
  const vip = page.getByRole('article', { name: 'Beyond the published collection' });
  await vip.getByRole('button', { name: 'Request Off-Market' }).click();
  const offMarket = page.getByRole('dialog', { name: 'Off-Market Property Inquiry' });
  await expect(offMarket).toBeVisible();
  const summary = offMarket.getByRole('region', { name: 'Your current search' });
  await expect(summary).toContainText(COUNTRY);
  await expect(summary).toContainText(AMENITY);
  await expect(summary).toContainText(dayLong(stay.checkIn));
  await expectNoAxeViolations(page);

  // And at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(offMarket.getByRole('button', { name: 'Submit Inquiry' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(offMarket).toBeHidden();
  await expectNoAxeViolations(page);
});

test('the off-market inquiry reaches the admin with the search criteria', async ({ page, adminApi }) => {
  await openDashboard(page, adminApi);
  const stay = stayTwoMonthsAhead();
  await searchCountryDatesAmenity(page, stay);

  await page.getByRole('button', { name: 'Request Off-Market' }).click();
  const offMarket = page.getByRole('dialog', { name: 'Off-Market Property Inquiry' });
  const email = uniqueEmail('off-market');
  await offMarket.getByLabel('First name').fill('Henrietta');
  await offMarket.getByLabel('Last name').fill('Vance');
  await offMarket.getByLabel('Email').fill(email);
  await offMarket.getByLabel('Budget (optional)').fill('€80,000 per week');
  await offMarket.getByLabel('Special requests (optional)').fill('Helipad nearby');
  await offMarket.getByRole('button', { name: 'Submit Inquiry' }).click();
  await expect(toast(page, 'Inquiry Submitted Successfully')).toBeVisible();
  await expect(offMarket).toBeHidden();

  const res = await adminApi.get('/api/inquiries/off-market');
  expect(res.status()).toBe(200);
  const inquiry = ((await res.json()) as Inquiry[]).find((i) => i.email === email);
  expect(inquiry).toMatchObject({
    kind: 'off-market',
    budget: '€80,000 per week',
    specialRequests: 'Helipad nearby',
    searchCriteria: expect.objectContaining({ country: COUNTRY, checkIn: stay.checkIn }),
  });
  expect(inquiry!.message).toContain(`Country: ${COUNTRY}`);
  expect(inquiry!.message).toContain(AMENITY);
});
