/**
 * Admin area in the browser, against a running app (`npm start`, demo data):
 * - the admin code's size: JavaScript an administrator's tabs load that an agent's /dashboard does
 *   not, raw and gzip;
 * - the time to price a 365-night range in the calendar manager (Date Range Pricing → Apply Pricing
 *   → the 'Pricing Updated Successfully' toast), median of 3 runs on three properties.
 *
 *   npm run bench:admin-ui -w @villas/bench     # BENCH_URL (default http://127.0.0.1:3000)
 *
 * Uses Debian's Chromium (/usr/bin/chromium) and the demo sign-ins (README).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { addDays, ADMIN_TABS, todayIso } from '@villas/shared';
import { chromium, type Browser, type Page } from 'playwright-core';

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const ADMIN = { email: 'admin@demo.test', password: 'demo-admin-pass' };
const AGENT = { email: 'sophie@azure-voyages.test', password: 'demo-agent-pass' };
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist');

async function signedIn(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const res = await context.request.post(`${BASE}/api/auth/login`, {
    data: who,
    headers: { origin: BASE },
  });
  if (res.status() !== 200) throw new Error(`sign-in as ${who.email}: ${res.status()}`);
  return context;
}

/** The /assets/*.js files a page loads while `visit` runs. */
async function scriptsOf(page: Page, visit: () => Promise<void>): Promise<Set<string>> {
  const seen = new Set<string>();
  const on = (r: { url(): string }) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js')) seen.add(u.pathname);
  };
  page.on('request', on);
  await visit();
  page.off('request', on);
  return seen;
}

const sizeOf = (asset: string) => {
  const bytes = readFileSync(path.join(dist, asset));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function dayName(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

async function pickDate(page: Page, label: string, iso: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}: `) }).click();
  const calendar = page.getByRole('dialog', { name: `Choose ${label.toLowerCase()}` });
  const day = calendar.getByRole('button', { name: dayName(iso), exact: true });
  for (let i = 0; i < 24 && !(await day.isVisible()); i += 1) {
    await calendar.getByRole('button', { name: /next month/i }).click();
  }
  await day.click();
}

async function main() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    // 1. Admin code size.
    const agent = await signedIn(browser, AGENT);
    const agentPage = await agent.newPage();
    const agentScripts = await scriptsOf(agentPage, async () => {
      await agentPage.goto(`${BASE}/dashboard`, { waitUntil: 'networkidle' });
    });
    await agent.close();

    const admin = await signedIn(browser, ADMIN);
    const page = await admin.newPage();
    const adminScripts = await scriptsOf(page, async () => {
      for (const tab of ADMIN_TABS) await page.goto(`${BASE}/admin/${tab}`, { waitUntil: 'networkidle' });
      // The insight charts load only when opened.
      const show = page.getByRole('button', { name: /Show charts/i });
      if (await show.isVisible()) await show.click();
      await page.waitForLoadState('networkidle');
    });
    const adminOnly = [...adminScripts].filter((s) => !agentScripts.has(s)).sort();
    const charts = adminOnly.filter((s) => /insight-charts/.test(s));
    let raw = 0;
    let gzip = 0;
    for (const s of adminOnly) {
      const size = sizeOf(s);
      raw += size.raw;
      gzip += size.gzip;
    }
    const chartSize = charts.map(sizeOf).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), {
      raw: 0,
      gzip: 0,
    });
    console.log(
      `Admin-only JavaScript (${adminOnly.length} files, loaded by the 7 tabs, not by /dashboard):`,
    );
    console.log(`  all:                  ${kB(raw)} raw, ${kB(gzip)} gzip`);
    console.log(
      `  of which charts:      ${kB(chartSize.raw)} raw, ${kB(chartSize.gzip)} gzip (only when opened)`,
    );
    console.log(`  without the charts:   ${kB(raw - chartSize.raw)} raw, ${kB(gzip - chartSize.gzip)} gzip`);
    console.log(`  (an agent's /dashboard loads ${agentScripts.size} files)`);

    // 2. A 365-night range priced in the calendar manager, three properties.
    const times: number[] = [];
    const from = addDays(todayIso(), 400);
    const to = addDays(from, 365);
    for (const q of ['Chalet', 'Island', 'Villa']) {
      await page.goto(`${BASE}/admin/properties?q=${q}`, { waitUntil: 'networkidle' });
      await page
        .getByRole('button', { name: /^Calendar & pricing for / })
        .first()
        .click();
      await page.getByRole('button', { name: 'Date Range Pricing' }).click();
      await pickDate(page, 'Range 1 from', from);
      await pickDate(page, 'Range 1 to', to);
      await page.getByLabel('Range 1 price per night').fill('4321');
      const started = performance.now();
      await page.getByRole('button', { name: 'Apply Pricing' }).click();
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Pricing Updated Successfully' })
        .first()
        .waitFor();
      times.push(performance.now() - started);
      await page.keyboard.press('Escape');
    }
    times.sort((a, b) => a - b);
    console.log(
      `365 nights priced (click → toast): median ${times[1]!.toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')} ms), one request each`,
    );
    await admin.close();
  } finally {
    await browser.close();
  }
}

await main();
