import { readFileSync } from 'node:fs';
import type { ExchangeRate, Property, WhiteLabelLink } from '@villas/shared';
import { apiAs, createAgent, expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { toast, gotoRendered } from './ui';

/**
 * The agent's price on a link and the brochure. An administrator's villa at €1,250 a night;
 * an agent makes a link with +10 % in GBP; the client's page shows the GBP figure worked out from the
 * admin's price and the stored rate, never the trade price; the brochure downloads as a PDF.
 */

/** The figure a client should see: €1,250 × 7 in GBP at the stored rate, + 10 %, whole pounds. */
function expectedGbp(rates: ExchangeRate[]): string {
  const direct = rates.find((r) => r.fromCurrency === 'GBP' && r.toCurrency === 'EUR');
  const inverse = rates.find((r) => r.fromCurrency === 'EUR' && r.toCurrency === 'GBP');
  const eurPerGbp = direct ? direct.rate : 1 / inverse!.rate;
  const amount = Math.round(((1250 * 7) / eurPerGbp) * 1.1);
  return `£${amount.toLocaleString('en-US')}`;
}

test('an agent prices a link +10 % in GBP; the client sees that price and downloads the brochure', async ({
  page,
  browser,
  adminApi,
}) => {
  test.setTimeout(120_000);
  // The administrator's villa: €1,250 a night, with the photographs of a demo villa.
  const demo = ((await (await adminApi.get('/api/properties')).json()) as Property[]).find(
    (p) => p.images.length >= 3 && p.region,
  )!;
  const name = `Villa Tarifa ${Date.now().toString(36)}`;
  const created = await adminApi.post('/api/properties', {
    data: {
      name,
      description: 'A whitewashed house above the straits, with a long pool and a terrace facing Africa.',
      region: demo.region,
      subregion: demo.subregion,
      bedrooms: 5,
      maxGuests: 10,
      basePricePerNight: 1250,
      propertyCurrency: 'EUR',
      siteCurrency: 'EUR',
      propertyType: 'villa',
      available: true,
      amenities: demo.amenities.slice(0, 4),
      images: demo.images.slice(0, 3),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const rates = (await (await adminApi.get('/api/exchange-rates')).json()) as ExchangeRate[];
  const figure = expectedGbp(rates);

  const agent = await createAgent(adminApi, {
    firstName: 'Eleanor',
    lastName: 'Hartley',
    company: 'Hartley & Co',
  });
  await loginAs(page, agent.email, agent.password);
  await page.goto('/user-dashboard');
  await page.getByRole('button', { name: 'White-label Link Management' }).click();
  const manage = page.getByRole('dialog', { name: 'White-label Link Management' });
  await manage.getByRole('button', { name: 'Create New Link' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create New Link' });
  const title = `Straits & Sea ${Date.now().toString(36)}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Properties').fill(name);
  await form.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();

  await form.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'GBP (£)' }).click();
  await form.getByRole('combobox', { name: 'Markup' }).click();
  await page.getByRole('option', { name: 'Percentage' }).click();
  await form.getByLabel('Markup (%)').fill('10');
  await expect(form.getByText(`${figure} per week for ${name}`)).toBeVisible();
  await expectNoAxeViolations(page, { include: '[role="dialog"][aria-labelledby]' });
  await form.getByRole('button', { name: 'Create Link' }).click();
  await expect(toast(page, 'White-label link created successfully')).toBeVisible();

  const card = manage.getByRole('group', { name: title });
  await expect(card).toContainText('Prices in GBP · +10%');
  const href = await card.getByRole('link', { name: /^Open/ }).getAttribute('href');
  const uuid = href!.split('/').pop()!;

  // The client, signed out, at phone and desktop widths.
  const client = await browser.newContext({ acceptDownloads: true });
  const tab = await client.newPage();
  for (const width of [390, 1280]) {
    await tab.setViewportSize({ width, height: 900 });
    await gotoRendered(tab, `/white-label/${uuid}`);
    const villa = tab.getByRole('article', { name });
    await expect(villa.getByText(figure, { exact: true })).toBeVisible();
    await expect(villa).toContainText('per week');
  }
  // Never the trade price: not €8,750 a week, not €1,250 a night, in the page or its data (the
  // link's uuid taken out first: a hex group of it could read '1250').
  const trade = /\b8,?750\b|\b1,?250\b|basePrice|pricePerNight|dailyPricing/;
  expect((await tab.content()).replaceAll(uuid, '')).not.toMatch(trade);
  const answer = await (await client.request.get(`/api/white-label/${uuid}`)).text();
  expect(answer.replaceAll(uuid, '')).not.toMatch(trade);

  const download = tab.waitForEvent('download');
  await tab.getByRole('link', { name: 'Download brochure' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${title}.pdf`);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await client.close();

  // The agent's own link card offers it too.
  const agentApi = await apiAs(agent.email, agent.password);
  const links = (await (await agentApi.get(`/api/white-label/agent/${agent.id}`)).json()) as WhiteLabelLink[];
  expect(links.find((l) => l.uuid === uuid)).toMatchObject({
    currency: 'GBP',
    markupType: 'percent',
    markupValue: 10,
  });
  await agentApi.dispose();
  await expect(card.getByRole('link', { name: /Download brochure/ })).toHaveAttribute(
    'href',
    `/api/white-label/${uuid}/brochure.pdf`,
  );
});

test("the Markup select shows each option's whole label at 1280 px, in both link dialogs", async ({
  page,
  adminApi,
}) => {
  const agent = await createAgent(adminApi, {
    firstName: 'Nora',
    lastName: 'Vidal',
    company: 'Vidal Travel',
  });
  await loginAs(page, agent.email, agent.password);
  await page.setViewportSize({ width: 1280, height: 900 });

  /** Picks each markup option in turn; the closed select must show all of its label and its arrow. */
  const expectWholeLabels = async (dialog: ReturnType<typeof page.getByRole>) => {
    const markup = dialog.getByRole('combobox', { name: 'Markup' });
    await markup.click();
    const labels = await page.getByRole('option').allTextContents();
    await page.keyboard.press('Escape');
    expect(labels).toContain('No prices shown');
    for (const label of labels) {
      await markup.click();
      await page.getByRole('option', { name: label, exact: true }).click();
      await expect(markup).toContainText(label);
      const fit = await markup.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const parts = [...el.children].map((c) => c.getBoundingClientRect());
        return {
          overflow: el.scrollWidth - el.clientWidth,
          outside: parts.filter((r) => r.width > 0 && (r.left < box.left || r.right > box.right - 8)).length,
          clipped: [...el.querySelectorAll('span')].filter((s) => s.scrollWidth > s.clientWidth + 0.5).length,
        };
      });
      expect(fit, `'${label}' in the closed Markup select`).toEqual({ overflow: 0, outside: 0, clipped: 0 });
    }
  };

  // The dashboard's 'Create White-label Link' dialog (the narrower one).
  await page.goto('/dashboard');
  await page
    .getByRole('list', { name: 'Properties' })
    .getByRole('checkbox', { name: /^Select / })
    .first()
    .check();
  await page.getByRole('button', { name: 'Create White-label Link' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create White-label Link' });
  await expectWholeLabels(create);
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();

  // My Links: 'Create New Link'.
  await page.goto('/user-dashboard');
  await page.getByRole('button', { name: 'White-label Link Management' }).click();
  const manage = page.getByRole('dialog', { name: 'White-label Link Management' });
  await manage.getByRole('button', { name: 'Create New Link' }).first().click();
  await expectWholeLabels(page.getByRole('dialog', { name: 'Create New Link' }));
});
