import { E2E_ADMIN, expect, loginAs, test } from './fixtures';

/**
 * The Admin Panel's addresses: a link to a tab opens on that tab, its first row on screen without
 * scrolling past the overview, and a list's search never throws the page back to its top.
 */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a link to the Users tab shows its first row at ${viewport.width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    try {
      await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto('/admin/users');
      const first = page.getByRole('tabpanel').getByRole('article').first();
      await expect(first).toBeVisible();
      await expect
        .poll(
          async () => {
            const box = await first.boundingBox();
            return box != null && box.y >= 0 && box.y < viewport.height;
          },
          { message: 'the first user card is on screen without scrolling' },
        )
        .toBe(true);
    } finally {
      await context.close();
    }
  });
}

test('typing in the Properties search keeps the page where it is', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/properties');
  const search = page.getByRole('searchbox', { name: /Search properties/ });
  await expect(search).toBeVisible();
  await search.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
  expect(before, 'the search box is below the overview').toBeGreaterThan(100);
  await search.pressSequentially('villa', { delay: 80 });
  // The URL follows the text once typing pauses.
  await expect(page).toHaveURL(/[?&]q=villa/);
  await page.waitForTimeout(300);
  expect(
    Math.abs((await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)) - before),
  ).toBeLessThan(50);
  await expect(search).toBeInViewport();
});
