import type { APIRequestContext, Page } from '@playwright/test';
import { createDemoLink, expect, test } from './fixtures';

/**
 * A server-rendered page is on screen, its buttons drawn, before its scripts have hydrated it. A tap
 * in that time must be honoured, not lost. These tests make the race certain: every script is held
 * for 1.5 s, the test checks the page has not hydrated, taps, and the scripts then arrive. The tap's
 * action must follow every time (public/tap-replay.js keeps it; links are plain links).
 */
const HOLD_MS = 1500;

/** Every `.js` answer held back HOLD_MS before it is let through. */
async function holdScripts(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue();
    },
  );
}

/** Opens `path` with its scripts held, and waits until its server-rendered HTML is on screen. */
async function openUnhydrated(page: Page, path: string, visible: string): Promise<void> {
  await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.getByText(visible).first()).toBeVisible();
}

async function expectNotHydrated(page: Page): Promise<void> {
  expect(await page.locator('html[data-hydrated]').count(), 'the page has not hydrated yet').toBe(0);
}

/** A live link of three demo villas, created as an agent would through the API. */
const createLink = (adminApi: APIRequestContext) =>
  createDemoLink(
    adminApi,
    { firstName: 'Inès', lastName: 'Moreau', company: 'Moreau Voyages' },
    'Three houses for the Bernard family.',
  );

test.describe("taps before the page's scripts have run", () => {
  test.setTimeout(120_000);

  test("the client's page: Request to Book, tapped at once, opens the request form 10 times out of 10", async ({
    browser,
    adminApi,
  }) => {
    const { link, first } = await createLink(adminApi);
    let honoured = 0;
    for (let i = 0; i < 10; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
      const page = await context.newPage();
      try {
        await openUnhydrated(page, `/white-label/${link.uuid}`, first);
        await expectNotHydrated(page);
        await page.getByRole('button', { name: `Request to Book ${first}` }).tap();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible({ timeout: 15_000 });
        await expect(dialog.getByRole('heading', { name: first })).toBeVisible();
        honoured++;
      } finally {
        await context.close();
      }
    }
    expect(honoured).toBe(10);
  });

  test("the client's page: Discover and the villa's name open its details", async ({ browser, adminApi }) => {
    const { link, first } = await createLink(adminApi);
    for (const control of [`Discover ${first}`, first]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
      const page = await context.newPage();
      try {
        await openUnhydrated(page, `/white-label/${link.uuid}`, first);
        await expectNotHydrated(page);
        await page.getByRole('button', { name: control, exact: true }).first().tap();
        await expect(page.getByRole('dialog').getByRole('heading', { name: first })).toBeVisible({
          timeout: 15_000,
        });
      } finally {
        await context.close();
      }
    }
  });

  test("the landing's contact form, sent before the page hydrates, is sent once it has — never by GET", async ({
    page,
  }) => {
    const gets: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.url().includes('message=')) gets.push(r.url());
    });
    await openUnhydrated(page, '/#contact', 'Contact our concierge');
    const contact = page.locator('#contact');
    await contact.getByLabel('First name').fill('Claire');
    await contact.getByLabel('Last name').fill('Dubois');
    await contact.getByLabel('Email').fill('claire.dubois@riviera.example');
    await contact.getByLabel('Message').fill('Twelve guests on the Riviera in June.');
    await expectNotHydrated(page);
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message Sent')).toBeVisible({ timeout: 20_000 });
    expect(gets, 'no message in a URL').toEqual([]);
    await expect(page).toHaveURL(/\/#contact$/);
  });

  test("the public pages' calls to action are links: they work before any script", async ({ page }) => {
    for (const [path, visible, name, target] of [
      ['/', 'Extraordinary Luxury', 'Apply for Access', /\/register$/],
      ['/', 'Extraordinary Luxury', 'Agent Login', /\/login$/],
      ['/about', 'Connecting Excellence', 'Apply as Travel Professional', /\/register$/],
      ['/company-info', 'Company Information', 'Login', /\/login$/],
    ] as const) {
      await openUnhydrated(page, path, visible);
      await expectNotHydrated(page);
      await page.getByRole('link', { name }).first().click();
      await expect(page).toHaveURL(target);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});
