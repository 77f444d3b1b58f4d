import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { addDays, todayIso } from '@villas/shared';

/** The sonner toast with this title (the newest when several match). */
export const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/** A date `days` after `from`'s day (default today), as yyyy-MM-dd in UTC like the app's dates. */
export const isoInDays = (days: number, from = new Date()): string => addDays(todayIso(from), days);

/** A day button's name in the date pickers and the admin calendar: 'Saturday, January 16, 2027'. */
export function dayName(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The en-US long date a date field shows once picked: 'January 16, 2027'. */
export const dayLong = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Picks a date in a DateField: opens its calendar, pages to the month, clicks the day. */
export async function pickDate(page: Page, scope: Locator, label: string, iso: string) {
  await scope.getByRole('button', { name: new RegExp(`^${label}: `) }).click();
  const calendar = page.getByRole('dialog', { name: `Choose ${label.toLowerCase()}` });
  await expect(calendar).toBeVisible();
  const day = calendar.getByRole('button', { name: dayName(iso), exact: true });
  for (let i = 0; i < 24 && !(await day.isVisible()); i += 1) {
    await calendar.getByRole('button', { name: /next month/i }).click();
  }
  await day.click();
  await expect(calendar).toBeHidden();
  await expect(scope.getByRole('button', { name: `${label}: ${dayLong(iso)}` })).toBeVisible();
}

/**
 * Opens a page the server renders (landing, about, company information, a white-label link) and
 * waits until it has hydrated (`<html data-hydrated>`, apps/web/src/app/hydrate.ts): its scripts are
 * fetched only after the page has loaded, so its buttons answer a moment after it shows.
 */
export async function gotoRendered(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  return response;
}
