import type { Page } from '@playwright/test';
import {
  DEMO,
  E2E_ADMIN,
  approveUser,
  createAgent,
  expect,
  expectNoAxeViolations,
  findUser,
  loginAs,
  test,
  uniqueEmail,
} from './fixtures';
import { toast, gotoRendered } from './ui';

/** Accounts with approval, the app shell's gates, and accessibility of the sign-in screens. */

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

// The one spec that drives the login form; every other spec signs in through the API.
test('a new agent applies, waits for approval, is approved by the admin, signs in and out', async ({
  page,
  adminApi,
}) => {
  const email = uniqueEmail('applicant');
  const password = 'riviera-2026';

  await page.goto('/register');
  await page.getByLabel('First name').fill('Amélie');
  await page.getByLabel('Last name').fill('Fontaine');
  await page.getByLabel('Business email').fill(email);
  await page.getByLabel('Company name').fill('Fontaine Voyages de Luxe');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Submit Application' }).click();

  await expect(toast(page, 'Application Submitted Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Not approved yet: the right password is refused with the pending message, and no session starts.
  await signInWithForm(page, email, password);
  await expect(toast(page, 'Account Pending Approval')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // The admin finds the applicant and approves them (the admin panel sends only {approved: true}).
  const applicant = await findUser(adminApi, email);
  expect(applicant).toMatchObject({ approved: false, role: 'agent', firstName: 'Amélie' });
  await approveUser(adminApi, applicant.id);

  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Scoped to the header, so the search results below never slow these look-ups down.
  const nav = page.locator('header').getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Welcome, Amélie')).toBeVisible();
  await expect(
    page.locator('main').getByRole('heading', { level: 1, name: 'Search Properties' }),
  ).toBeVisible();

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged Out')).toBeVisible();
  await expect(page).toHaveURL(/\/login(\?returnTo=%2Fdashboard)?$/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  // The session ended on the server too.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('a wrong password is refused with Invalid Credentials', async ({ page, adminApi }) => {
  const agent = await createAgent(adminApi);
  await page.goto('/login');
  await signInWithForm(page, agent.email, 'not-the-password');
  await expect(toast(page, 'Invalid Credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

for (const width of [1280, 390]) {
  for (const path of ['/login', '/register']) {
    test(`axe finds no WCAG 2.1 A/AA violation on ${path} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.goto(path);
      await expect(page.getByRole('button', { name: /Sign In|Submit Application/ })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
}

test('the mobile menu shows the signed-in variant of the nav', async ({ page, adminApi }) => {
  const agent = await createAgent(adminApi, { firstName: 'Lucien' });
  await loginAs(page, agent.email, agent.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoRendered(page, '/company-info');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByText('Welcome, Lucien')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Search Properties' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('signed-out visitors are sent from /dashboard and /user-dashboard to /login', async ({ page }) => {
  // To /login with the page to come back to after signing in, and no 'session ended' message.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
  await page.goto('/user-dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fuser-dashboard$/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toHaveCount(0);
});

test('an agent opening /admin is sent to /dashboard with Access Denied', async ({ page, adminApi }) => {
  const agent = await createAgent(adminApi);
  await loginAs(page, agent.email, agent.password);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('header').getByText(`Welcome, ${agent.firstName}`)).toBeVisible();
  await expect(toast(page, 'Access Denied')).toContainText('You need admin privileges to access this page.');
  // The server enforces the same.
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
});

test('the admin reaches the Admin Panel from the nav', async ({ page }) => {
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await gotoRendered(page, '/company-info');
  await page
    .locator('header')
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Admin Panel' })
    .click();
  // /admin opens its first tab, which has its own URL.
  await expect(page).toHaveURL(/\/admin\/properties$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
});

test('an unknown path shows Page Not Found with HTTP 404', async ({ page }) => {
  const response = await page.goto('/no-such-villa');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the OpenAPI documentation answers administrators at /api/docs', async ({ request, adminApi }) => {
  expect((await request.get('/api/docs/json')).status()).toBe(401);
  const res = await adminApi.get('/api/docs');
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('<html');
  const spec = await adminApi.get('/api/docs/json');
  expect(spec.status()).toBe(200);
  expect(JSON.stringify(await spec.json())).toContain('/api/auth/login');
});

test('the demo sign-ins of the README work: admin and agents in, the pending applicant refused', async ({
  request,
}) => {
  for (const account of [DEMO.admin, DEMO.sophie, DEMO.james]) {
    const res = await request.post('/api/auth/login', { data: account });
    expect(res.status(), `${account.email}: ${await res.text()}`).toBe(200);
    await request.post('/api/auth/logout');
  }
  const pending = await request.post('/api/auth/login', { data: DEMO.pending });
  expect(pending.status()).toBe(403);
  expect((await pending.json()).message).toContain('Account pending approval');
});

test('the accessibility check refuses to read a page whose animation has not ended', async ({ page }) => {
  // A finite 20 s fade: axe would read its colours half-way. The check names it instead of passing.
  await page.setContent(
    `<style>@keyframes fade { from { opacity: 0.2 } to { opacity: 1 } }</style>` +
      `<main><h1 style="animation: fade 20s linear">Maison Azur</h1></main>`,
  );
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/still running.*fade on <h1/s);
});
