import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Property, WhiteLabelInquiry, WhiteLabelLink } from '@villas/shared';
import { BASE_URL, E2E_ADMIN } from './env';
import {
  apiAs,
  createAgent,
  expect,
  expectNoAxeViolations,
  loginAs,
  test,
  uniqueEmail,
  type Agent,
} from './fixtures';
import { isoInDays, pickDate, toast, gotoRendered } from './ui';

/**
 * The agent's loop. Select villas → share a branded link → a signed-out client browses it and
 * asks → the agent is told (bell) and follows up (Inquiries tab). Plus the link's preview tags, the
 * public page's lean bundle, 'Link Not Found', and accessibility of the public page and My Dashboard.
 */

/** The nav bar's bell; its name carries the unread count ('Notifications, 2 unread'). */
const bell = (page: Page) => page.locator('header').getByRole('button', { name: /^Notifications/ });

/** The unread count the bell announces (0 when its name has no count). */
async function unreadCount(page: Page): Promise<number> {
  await expect(bell(page)).toBeVisible();
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

/** Creates a link through the API, as the agent's dialog would, on the first `count` catalogue villas. */
async function createLinkByApi(
  agent: Agent,
  opts: { title: string; description?: string; count?: number },
): Promise<{ link: WhiteLabelLink; villas: Property[] }> {
  const api: APIRequestContext = await apiAs(agent.email, agent.password);
  try {
    const list = await api.get('/api/properties');
    expect(list.status()).toBe(200);
    const villas = ((await list.json()) as Property[]).slice(0, opts.count ?? 3);
    const res = await api.post('/api/white-label', {
      data: {
        agentId: agent.id,
        title: opts.title,
        description: opts.description ?? null,
        agentName: `${agent.firstName} ${agent.lastName}`,
        agentEmail: agent.email,
        propertyIds: villas.map((v) => v.id),
        isActive: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { link: (await res.json()) as WhiteLabelLink, villas };
  } finally {
    await api.dispose();
  }
}

test('an agent shares three villas, a signed-out client requests one, the agent is notified and follows up', async ({
  page,
  context,
  browser,
  adminApi,
}) => {
  const agent = await createAgent(adminApi, {
    firstName: 'Isabelle',
    lastName: 'Moreau',
    company: 'Moreau Private Travel',
  });
  await loginAs(page, agent.email, agent.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Properties' })).toBeVisible();

  // A search by country (Search button), then three villas selected with their checkboxes.
  const search = page.getByRole('region', { name: 'Find the right villa' });
  await search.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'Italy', exact: true }).click();
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /properties match your search/ })).toBeVisible();

  const createButton = page.getByRole('button', { name: 'Create White-label Link' });
  await expect(createButton).toBeDisabled();
  const checkboxes = page
    .getByRole('list', { name: 'Properties' })
    .getByRole('checkbox', { name: /^Select / });
  const names: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const box = checkboxes.nth(i);
    names.push(((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
    await box.check();
    await expect(box).toBeChecked();
  }
  const selectionBar = page.getByRole('region', { name: 'Selected villas' });
  await expect(selectionBar).toContainText('3 villas selected');

  // The dialog: agent and company names make the title 'Company - Agent'; the link opens in a new tab.
  await createButton.click();
  const dialog = page.getByRole('dialog', { name: 'Create White-label Link' });
  await expect(dialog).toContainText('3 selected villas');
  const agentName = 'Isabelle Moreau';
  const company = `Moreau Private Travel ${Date.now().toString(36)}`;
  const title = `${company} - ${agentName}`;
  await dialog.getByLabel('Agent name').fill(agentName);
  await dialog.getByLabel('Company name').fill(company);
  await dialog.getByLabel('Description (optional)').fill('Three Italian houses for the Whitfield family.');
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(toast(page, 'White-label Link Created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(createButton).toBeDisabled(); // selection cleared

  const agentTab = await opened;
  await agentTab.waitForURL(/\/white-label\/[0-9a-f-]{36}$/);
  const linkUrl = agentTab.url();
  const uuid = linkUrl.split('/').pop()!;
  await expect(agentTab.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await agentTab.close();

  const before = await unreadCount(page);

  // A signed-out client in a fresh browser: the hero, three villas to request, never a price, and no
  // agent or admin code downloaded.
  const client = await browser.newContext({ baseURL: BASE_URL });
  try {
    const clientPage = await client.newPage();
    const scripts: string[] = [];
    clientPage.on('request', (r) => {
      if (r.resourceType() === 'script' || /\.m?js(\?|$)/.test(r.url())) scripts.push(r.url());
    });
    // JS and CSS of 1 kB and more arrive compressed (the build's .br/.gz files): the URLs that did not.
    const uncompressed: Array<Promise<string | null>> = [];
    clientPage.on('response', (r) => {
      if (!/\.(m?js|css)(\?|$)/.test(r.url())) return;
      const encoding = r.headers()['content-encoding'] ?? '';
      uncompressed.push(
        r.body().then((b) => (b.length < 1024 || /^(br|gzip)$/.test(encoding) ? null : r.url())),
      );
    });
    expect((await clientPage.request.get('/api/auth/user')).status()).toBe(401);
    await gotoRendered(clientPage, linkUrl);
    await expect(clientPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(clientPage.getByText('Three Italian houses for the Whitfield family.')).toBeVisible();
    await expect(clientPage.getByText(`Curated by ${agentName}, ${company}`)).toBeVisible();
    const requestButtons = clientPage.getByRole('button', { name: /^Request to Book / });
    await expect(requestButtons).toHaveCount(3);
    for (const name of names) {
      await expect(clientPage.getByRole('button', { name: `Request to Book ${name}` })).toBeVisible();
    }
    await expect(clientPage.locator('body')).not.toContainText(/€|£|CHF|Price on Request|\/ week/);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /app-layout|nav-bar|dashboard|admin|notification/.test(u))).toEqual([]);
    expect((await Promise.all(uncompressed)).filter(Boolean), 'sent without br or gzip').toEqual([]);

    // The client asks for the second villa: name, e-mail, phone, dates, guests and a message.
    const villa = names[1]!;
    await clientPage.getByRole('button', { name: `Request to Book ${villa}` }).click();
    const villaDialog = clientPage.getByRole('dialog', { name: villa });
    await expect(villaDialog.getByLabel('Full name')).toBeFocused();
    const clientEmail = uniqueEmail('client');
    // A Saturday-to-Saturday week about 75 days ahead: a stay the demo villas' stay rules allow
    // whatever the season (some take Saturday check-ins and 7 nights in summer).
    const toSaturday = (6 - new Date(`${isoInDays(75)}T00:00:00Z`).getUTCDay() + 7) % 7;
    const checkIn = isoInDays(75 + toSaturday);
    const checkOut = isoInDays(82 + toSaturday);
    await villaDialog.getByLabel('Full name').fill('Charlotte Whitfield');
    await villaDialog.getByLabel('Email').fill(clientEmail);
    await villaDialog.getByLabel('Phone (optional)').fill('+44 7700 900123');
    await pickDate(clientPage, villaDialog, 'Check-in', checkIn);
    await pickDate(clientPage, villaDialog, 'Check-out', checkOut);
    await villaDialog.getByRole('combobox', { name: 'Guests' }).click();
    await clientPage.getByRole('option', { name: '2 guests', exact: true }).click();
    await villaDialog.getByLabel('Message (optional)').fill('We would love a cook for two evenings.');
    await villaDialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(toast(clientPage, 'Booking Request Sent')).toBeVisible();
    await expect(villaDialog.getByText('Thank you, Charlotte')).toBeVisible();

    // The agent: the client's first view of the day and the request each notify, so the bell rises by two
    // (it polls every 30 s; a reload reads it now).
    await page.reload();
    await expect(bell(page)).toHaveAttribute('aria-label', `Notifications, ${before + 2} unread`);
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText(`New booking request from Charlotte Whitfield for ${villa}`)).toBeVisible();
    await expect(panel.getByText(`Your link "${title}" was viewed`)).toBeVisible();
    await page.keyboard.press('Escape');

    // My Dashboard lists the link; the Inquiries tab shows the request; the agent marks it contacted.
    await page.goto('/user-dashboard');
    const links = page.getByRole('region', { name: 'White-label links' });
    await expect(links.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('button', { name: 'White-label Link Management' }).click();
    const management = page.getByRole('dialog', { name: 'White-label Link Management' });
    await management.getByRole('tab', { name: 'Inquiries' }).click();
    const item = management.getByRole('listitem').filter({ hasText: 'Charlotte Whitfield' });
    await expect(item).toContainText(villa);
    await expect(item).toContainText(clientEmail);
    await expect(item).toContainText('Pending');
    await item.getByRole('combobox', { name: 'Status of the inquiry from Charlotte Whitfield' }).click();
    await page.getByRole('option', { name: 'Contacted', exact: true }).click();
    await expect(toast(page, 'Inquiry status updated successfully')).toBeVisible();
    await expect(
      item.getByRole('combobox', { name: 'Status of the inquiry from Charlotte Whitfield' }),
    ).toHaveText('Contacted');

    // The server holds it: the request with its villa, stay and guests, now contacted.
    const res = await page.request.get(`/api/white-label-inquiries/agent/${agent.id}`);
    expect(res.status(), await res.text()).toBe(200);
    const inquiry = ((await res.json()) as WhiteLabelInquiry[]).find((i) => i.email === clientEmail);
    expect(inquiry).toMatchObject({
      name: 'Charlotte Whitfield',
      propertyName: villa,
      linkTitle: title,
      checkInDate: checkIn,
      checkOutDate: checkOut,
      guests: 2,
      message: 'We would love a cook for two evenings.',
      status: 'contacted',
    });
    const link = await page.request.get('/api/user/dashboard/white-label-links');
    const mine = ((await link.json()) as WhiteLabelLink[]).find((l) => l.uuid === uuid);
    // The client's visit is a view; the agent's own visit (signed in) is not.
    expect(mine?.viewCount).toBe(1);
  } finally {
    await client.close();
  }
});

test("a client's request through a link reaches the administrators' inbox with the link's agent", async ({
  page,
  request,
  adminApi,
}) => {
  const agent = await createAgent(adminApi, {
    firstName: 'Inès',
    lastName: 'Marchetti',
    company: 'Marchetti Private Travel',
  });
  const { link, villas } = await createLinkByApi(agent, { title: 'Marchetti - Summer', count: 2 });
  const clientEmail = uniqueEmail('inbox-client');
  const sent = await request.post(`/api/white-label/${link.uuid}/booking-request`, {
    data: { propertyId: villas[1]!.id, clientName: 'Teodora Vance', clientEmail, guests: 4 },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/notifications');
  const filters = page.getByRole('group', { name: 'Filter inquiries' });
  await filters.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'Client request via link' }).click();
  const card = page.getByRole('article', { name: 'Teodora Vance' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Client request via link');
  await expect(card).toContainText('Marchetti Private Travel');
  await expect(card).toContainText('Marchetti - Summer');
  await expect(card).toContainText(villas[1]!.name);
  await expect(card).toContainText(/Received (just now|\d+ min ago)/);
  await expectNoAxeViolations(page);

  // Only this agent's requests: the agent's name on the card is the filter.
  await card.getByRole('button', { name: /^Inès Marchetti\b.*show only this agent's requests$/ }).click();
  await expect(
    filters.getByRole('button', { name: 'Remove the agent filter: Inès Marchetti' }),
  ).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  // Its status, set from the inbox through the link requests' own call.
  await card.getByRole('combobox', { name: 'Status of the request from Teodora Vance' }).click();
  await page.getByRole('option', { name: 'Contacted' }).click();
  await expect(toast(page, 'Inquiry status updated successfully')).toBeVisible();
  const inbox = await adminApi.get('/api/admin/inquiries', {
    params: { source: 'link-request', agentId: agent.id },
  });
  expect(inbox.status()).toBe(200);
  expect((await inbox.json()).items).toMatchObject([
    {
      email: clientEmail,
      status: 'contacted',
      agentName: 'Inès Marchetti',
      agencyName: 'Marchetti Private Travel',
    },
  ]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the HTML of a shared link carries Open Graph and Twitter preview tags', async ({
  request,
  adminApi,
}) => {
  const agent = await createAgent(adminApi, {
    firstName: 'Noémie',
    lastName: 'Duval',
    company: 'Duval & Fils',
  });
  const title = `Duval & Fils - Noémie Duval ${Date.now().toString(36)}`;
  const { link } = await createLinkByApi(agent, { title, description: 'Summer "on the water".' });

  const res = await request.get(`/white-label/${link.uuid}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  const html = await res.text();
  const meta = (attr: string, key: string) =>
    new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  const escaped = title.replace(/&/g, '&amp;');
  expect(meta('property', 'og:title')).toBe(escaped);
  expect(meta('name', 'twitter:title')).toBe(escaped);
  expect(meta('property', 'og:description')).toBe('Summer &quot;on the water&quot;.');
  const image = meta('property', 'og:image');
  expect(image).toMatch(/^https?:\/\/.+/);
  expect(meta('name', 'twitter:image')).toBe(image);
  expect(html).toContain(`<title>${escaped}</title>`);
  // The preview image is served.
  expect((await request.get(image!)).status()).toBe(200);
});

test("an unknown link shows 'Link Not Found'", async ({ page }) => {
  await gotoRendered(page, `/white-label/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Link Not Found' })).toBeVisible();
  await expect(page.getByText('This white-label link may have expired or been removed.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe finds nothing on the public collection, its villa dialog and My Dashboard', async ({
  page,
  browser,
  adminApi,
}) => {
  const agent = await createAgent(adminApi, {
    firstName: 'Aurélien',
    lastName: 'Roche',
    company: 'Roche Voyages',
  });
  const title = `Roche Voyages - Aurélien Roche ${Date.now().toString(36)}`;
  const { link, villas } = await createLinkByApi(agent, {
    title,
    description: 'A winter of chalets and a spring by the sea.',
  });

  const client = await browser.newContext({ baseURL: BASE_URL });
  try {
    const clientPage = await client.newPage();
    for (const width of [1280, 390]) {
      await clientPage.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await gotoRendered(clientPage, `/white-label/${link.uuid}`);
      await expect(clientPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(clientPage.getByRole('button', { name: /^Request to Book / })).toHaveCount(villas.length);
      await expectNoAxeViolations(clientPage);

      await clientPage.getByRole('button', { name: `Discover ${villas[0]!.name}` }).click();
      const dialog = clientPage.getByRole('dialog', { name: villas[0]!.name });
      await expect(dialog.getByRole('button', { name: 'Send Request' })).toBeVisible();
      await expectNoAxeViolations(clientPage);
      await clientPage.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  } finally {
    await client.close();
  }

  // My Dashboard with a link and a notification (the client's view), then its management dialog.
  await loginAs(page, agent.email, agent.password);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto('/user-dashboard');
    await expect(
      page.getByRole('region', { name: 'White-label links' }).getByRole('heading', { name: title }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText(`Your link "${title}" was viewed`),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.getByRole('button', { name: 'White-label Link Management' }).click();
  const management = page.getByRole('dialog', { name: 'White-label Link Management' });
  await expect(management.getByRole('tab', { name: 'My Links' })).toHaveAttribute('aria-selected', 'true');
  await expect(management.getByRole('heading', { name: title })).toBeVisible();
  await expectNoAxeViolations(page);
});
