import { ErrorCode, type Hold } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpHandler } from 'msw';
import { apiError, gate, networkError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { CalendarManagerDialog, type CalendarManagerDialogProps } from './calendar-manager-dialog';

const PROPERTY: CalendarManagerDialogProps['property'] = {
  id: 7,
  name: 'Villa Les Roches',
  basePricePerNight: 1200,
  propertyCurrency: 'EUR',
};

// Today is Monday, June 15, 2026 (only Date is faked; timers stay real for user-event).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 5, 15, 10, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

type Handlers = HttpHandler[];

function Harness({ property }: { property: CalendarManagerDialogProps['property'] }) {
  const [open, setOpen] = useState(true);
  return <CalendarManagerDialog property={property} open={open} onOpenChange={setOpen} />;
}

/** Renders the open dialog with June's data: a stay blocking 20–22 June (the 22nd its check-out day). */
function setup(handlers: Handlers = [], property = PROPERTY) {
  server.use(
    ...handlers,
    route('GET /api/availability/7', [
      { id: 1, date: '2026-06-20', available: false, notes: null },
      { id: 2, date: '2026-06-21', available: false, notes: null },
      { id: 3, date: '2026-06-22', available: false, notes: null },
      { id: 4, date: '2026-06-26', available: false, notes: 'Maintenance' },
    ]),
    route('GET /api/calendar-pricing/7', [{ id: 9, date: '2026-06-20', price: 1500, currency: 'EUR' }]),
    route('GET /api/holds', []),
    route('GET /api/admin/properties/7/stay-rules', []),
  );
  const calls = sentRequests();
  /** The URLs read, with their queries (the read window). */
  const urls = () => calls.map((c) => (c.query.size ? `${c.url}?${c.query}` : c.url));
  const user = userEvent.setup();
  renderWithProviders(<Harness property={property} />);
  const dialog = () => screen.getByRole('dialog', { name: property.name });
  const cell = (name: string | RegExp) => within(dialog()).getByRole('gridcell', { name });
  const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url === path);
  const gets = () => calls.filter((c) => c.method === 'GET').length;
  return { user, calls, urls, dialog, cell, posts, gets };
}

const loaded = () => screen.findByRole('gridcell', { name: /Saturday, June 20, 2026, blocked/ });
const isSelected = (el: HTMLElement) => el.getAttribute('aria-selected') === 'true';

/** Sophie's hold on the villa's nights of June 24 and 25. */
const HOLD: Hold = {
  id: 31,
  propertyId: 7,
  propertyName: 'Villa Les Roches',
  agentId: 4,
  agentName: 'Sophie Moreau',
  agentCompany: 'Azure Voyages',
  inquiryKind: 'booking',
  inquiryId: 12,
  clientName: 'Camille Laurent',
  checkIn: '2026-06-24',
  checkOut: '2026-06-26',
  nights: 2,
  status: 'active',
  expiresAt: '2026-06-17T09:00:00.000Z',
  createdAt: '2026-06-15T09:00:00.000Z',
  closedAt: null,
  closedByName: null,
};

describe('CalendarManagerDialog', () => {
  it('shows an agent’s held nights distinctly from hand-blocked ones, with who holds them', async () => {
    const { cell, dialog, urls } = setup([
      route('GET /api/availability/7', [
        { id: 1, date: '2026-06-20', available: false, notes: null },
        { id: 5, date: '2026-06-24', available: false, notes: null },
        { id: 6, date: '2026-06-25', available: false, notes: null },
      ]),
      route('GET /api/holds', [HOLD]),
    ]);
    await screen.findByRole('gridcell', { name: /Wednesday, June 24, 2026, held for an agent/ });
    expect(urls()).toContain('/api/holds?propertyId=7&status=active');
    expect(cell(/Thursday, June 25, 2026, held for an agent/)).toBeInTheDocument();
    // The held nights' check-out day is open for arrival.
    expect(cell(/Friday, June 26, 2026, crossover/)).toBeInTheDocument();
    expect(cell(/Saturday, June 20, 2026, blocked/)).toBeInTheDocument();
    const d = within(dialog());
    expect(
      within(d.getByRole('list', { name: 'Legend' })).getByText('Held for an agent'),
    ).toBeInTheDocument();
    expect(
      d.getByText(/June 24, 2026 – June 26, 2026: Sophie Moreau for Camille Laurent/),
    ).toBeInTheDocument();
  });

  it('shows the property, its real base price, the month and the data window of 2 months either side', async () => {
    const { dialog, urls } = setup();
    await loaded();
    const d = within(dialog());
    expect(d.getByText('EUR 1,200/night')).toBeInTheDocument();
    expect(d.getByRole('grid', { name: 'June 2026' })).toBeInTheDocument();
    expect(urls()).toContain('/api/availability/7?startDate=2026-04-01&endDate=2026-08-31');
    expect(urls()).toContain('/api/calendar-pricing/7?startDate=2026-04-01&endDate=2026-08-31');
    expect(d.getByRole('button', { name: 'Date Range Pricing' })).toBeInTheDocument();
    await userEvent.setup().click(d.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Price on Request' when the property has no base price", async () => {
    const { dialog } = setup([], { ...PROPERTY, basePricePerNight: null });
    await loaded();
    expect(within(dialog()).getByText('Price on Request')).toBeInTheDocument();
    expect(within(dialog()).queryByText(/0\/night/)).not.toBeInTheDocument();
  });

  it('names every day with its status and custom price, marks the crossover day and disables past days', async () => {
    const { cell, dialog } = setup();
    await loaded();
    const custom = cell('20 1,500 EUR, Saturday, June 20, 2026, blocked');
    expect(custom).toHaveTextContent('1,500');
    expect(cell('21, Sunday, June 21, 2026, blocked')).toBeInTheDocument();
    // The last night of the stay is a blocked night; the day after is its check-out day, open for
    // arrival, as the search has it.
    expect(cell('22, Monday, June 22, 2026, blocked')).toBeInTheDocument();
    expect(
      cell('23, Tuesday, June 23, 2026, crossover (check-out day, available for arrival)'),
    ).toBeInTheDocument();
    expect(cell('26, Friday, June 26, 2026, blocked')).toBeInTheDocument();
    expect(cell(/Saturday, June 27, 2026, crossover/)).toBeInTheDocument();
    expect(cell('16, Tuesday, June 16, 2026, available')).toHaveAttribute('aria-selected', 'false');
    expect(cell('14, Sunday, June 14, 2026, available')).toHaveAttribute('aria-disabled', 'true');
    expect(cell('15, Monday, June 15, 2026, available')).toHaveAttribute('aria-current', 'date');
    expect(within(dialog()).getByRole('list', { name: 'Legend' })).toHaveTextContent(
      /Available.*Blocked.*Crossover.*Selected.*Custom price/,
    );
  });

  it('selects by click, a range by Shift-click, deselects by a second click, and never a past day', async () => {
    const { user, cell, dialog } = setup();
    await loaded();
    await user.click(cell(/Tuesday, June 16, 2026/));
    await user.keyboard('{Shift>}');
    await user.click(cell(/Friday, June 19, 2026/));
    await user.keyboard('{/Shift}');
    for (const day of ['Tuesday, June 16', 'Wednesday, June 17', 'Thursday, June 18', 'Friday, June 19']) {
      expect(isSelected(cell(new RegExp(`${day}, 2026`)))).toBe(true);
    }
    expect(within(dialog()).getByText('4 dates selected')).toBeInTheDocument();
    const list = within(dialog()).getByRole('list', { name: 'Selected dates' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getAllByText('EUR 1,200 (base)')).toHaveLength(4);

    await user.click(cell(/Wednesday, June 17, 2026/));
    expect(isSelected(cell(/Wednesday, June 17, 2026/))).toBe(false);
    await user.click(cell(/Sunday, June 14, 2026/));
    expect(isSelected(cell(/Sunday, June 14, 2026/))).toBe(false);
    expect(within(dialog()).getByText('3 dates selected')).toBeInTheDocument();

    // The list names status and price; a date can be removed from it.
    await user.click(cell(/Saturday, June 20, 2026/));
    const item = within(list).getByText('Sat, Jun 20, 2026').closest('li')!;
    expect(item).toHaveTextContent('Blocked');
    expect(item).toHaveTextContent('EUR 1,500');
    await user.click(within(list).getByRole('button', { name: 'Remove Saturday, June 20, 2026' }));
    expect(within(dialog()).getByText('3 dates selected')).toBeInTheDocument();
  });

  it('takes the last clicked day as the range anchor, selected or not', async () => {
    const { user, cell } = setup();
    await loaded();
    await user.click(cell(/Tuesday, June 16, 2026/));
    // A second click deselects the day, and it stays the anchor of the next Shift-click.
    await user.click(cell(/Tuesday, June 16, 2026/));
    expect(isSelected(cell(/Tuesday, June 16, 2026/))).toBe(false);
    await user.keyboard('{Shift>}');
    await user.click(cell(/Thursday, June 18, 2026/));
    await user.keyboard('{/Shift}');
    for (const day of ['Tuesday, June 16', 'Wednesday, June 17', 'Thursday, June 18'])
      expect(isSelected(cell(new RegExp(`${day}, 2026`)))).toBe(true);
    expect(isSelected(cell(/Friday, June 19, 2026/))).toBe(false);
  });

  it('says what Set Availability will change, other months included, and leaves held nights out', async () => {
    const { user, cell, dialog, posts } = setup([
      route('GET /api/holds', [HOLD]),
      route('POST /api/availability/bulk', { count: 3 }),
    ]);
    await screen.findByRole('gridcell', { name: /Wednesday, June 24, 2026, held for an agent/ });
    await user.click(cell(/Tuesday, June 23, 2026/));
    await user.keyboard('{Shift>}');
    await user.click(cell(/Thursday, June 25, 2026/));
    await user.keyboard('{/Shift}');
    await user.click(within(dialog()).getByRole('button', { name: 'Next month' }));
    await user.click(cell(/Friday, July 3, 2026/));
    await user.click(within(dialog()).getByRole('button', { name: 'Set Availability' }));
    const form = within(await screen.findByRole('dialog', { name: 'Set Availability' }));
    expect(form.getByText(/^Changes/)).toHaveTextContent('Changes 2 nights: Jun 23, 2026; Jul 3, 2026.');
    expect(form.getByText(/held nights will not change/)).toHaveTextContent(
      '2 held nights will not change (Jun 24 – Jun 25, 2026)',
    );
    await user.click(form.getByRole('radio', { name: 'Blocked' }));
    await user.click(form.getByRole('button', { name: 'Save Availability' }));
    expect(await screen.findByText('Availability Updated')).toBeInTheDocument();
    expect(posts('/api/availability/bulk')).toEqual([
      expect.objectContaining({
        body: { propertyId: 7, dates: ['2026-06-23', '2026-07-03'], available: false, notes: null },
      }),
    ]);
  });

  it('quick-selects the next 7 days, 2 weeks, 30 days and the weekends, and clears them', async () => {
    const { user, dialog, cell } = setup();
    await loaded();
    const d = within(dialog());
    await user.click(d.getByRole('button', { name: 'Next 7 days' }));
    expect(d.getByText('7 dates selected')).toBeInTheDocument();
    expect(isSelected(cell(/Monday, June 15, 2026/))).toBe(true);
    expect(isSelected(cell(/Sunday, June 21, 2026/))).toBe(true);
    expect(isSelected(cell(/Monday, June 22, 2026/))).toBe(false);
    await user.click(d.getByRole('button', { name: 'Next 2 weeks' }));
    expect(d.getByText('14 dates selected')).toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Next month (30 days)' }));
    expect(d.getByText('30 dates selected')).toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'This weekend' }));
    expect(d.getByText('2 dates selected')).toBeInTheDocument();
    expect(isSelected(cell(/Saturday, June 20, 2026/))).toBe(true);
    expect(isSelected(cell(/Sunday, June 21, 2026/))).toBe(true);
    await user.click(d.getByRole('button', { name: 'Next weekend' }));
    expect(isSelected(cell(/Saturday, June 27, 2026/))).toBe(true);
    expect(isSelected(cell(/Saturday, June 20, 2026/))).toBe(false);
    await user.click(d.getByRole('button', { name: 'Clear all' }));
    expect(d.getByText('No dates selected')).toBeInTheDocument();
  });

  it('moves by keyboard (arrows, Home/End, PageUp/PageDown) and selects with Space and Shift+Space', async () => {
    const { user, cell, dialog } = setup();
    await loaded();
    // One tab stop: today.
    const today = cell(/Monday, June 15, 2026/);
    expect(today).toHaveAttribute('tabindex', '0');
    expect(cell(/Tuesday, June 16, 2026/)).toHaveAttribute('tabindex', '-1');
    today.focus();
    await user.keyboard('{ArrowRight}');
    expect(cell(/Tuesday, June 16, 2026/)).toHaveFocus();
    await user.keyboard(' ');
    expect(isSelected(cell(/Tuesday, June 16, 2026/))).toBe(true);
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(cell(/Monday, June 22, 2026/)).toHaveFocus();
    await user.keyboard('{Shift>} {/Shift}');
    expect(within(dialog()).getByText('7 dates selected')).toBeInTheDocument();
    expect(isSelected(cell(/Saturday, June 20, 2026/))).toBe(true);
    await user.keyboard('{Enter}');
    expect(isSelected(cell(/Monday, June 22, 2026/))).toBe(false);
    await user.keyboard('{End}');
    expect(cell(/Saturday, June 27, 2026/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(cell(/Sunday, June 21, 2026/)).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(cell(/Sunday, June 7, 2026/)).toHaveFocus();
    // Past days take focus but not selection.
    await user.keyboard(' ');
    expect(isSelected(cell(/Sunday, June 7, 2026/))).toBe(false);
    await user.keyboard('{PageDown}');
    expect(within(dialog()).getByRole('grid', { name: 'July 2026' })).toBeInTheDocument();
    expect(cell(/Tuesday, July 7, 2026/)).toHaveFocus();
    await user.keyboard('{PageUp}{PageUp}');
    expect(within(dialog()).getByRole('grid', { name: 'May 2026' })).toBeInTheDocument();
    expect(cell(/Thursday, May 7, 2026/)).toHaveFocus();
  });

  it('changes month with Previous and Next and reads the new window', async () => {
    const { user, dialog, urls } = setup();
    await loaded();
    await user.click(within(dialog()).getByRole('button', { name: 'Next month' }));
    expect(within(dialog()).getByRole('grid', { name: 'July 2026' })).toBeInTheDocument();
    await waitFor(() =>
      expect(urls()).toContain('/api/availability/7?startDate=2026-05-01&endDate=2026-09-30'),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Previous month' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Previous month' }));
    expect(within(dialog()).getByRole('grid', { name: 'May 2026' })).toBeInTheDocument();
  });

  it('Set Pricing wants a whole price, then writes every selected date in ONE bulk request', async () => {
    const { user, cell, dialog, posts, gets } = setup([route('POST /api/daily-pricing/bulk', { count: 4 })]);
    await loaded();
    await user.click(cell(/Tuesday, June 16, 2026/));
    await user.keyboard('{Shift>}');
    await user.click(cell(/Thursday, June 18, 2026/));
    await user.keyboard('{/Shift}');
    await user.click(cell(/Thursday, June 25, 2026/));
    const opener = within(dialog()).getByRole('button', { name: 'Set Pricing' });
    await user.click(opener);
    const form = within(await screen.findByRole('dialog', { name: 'Set Pricing' }));
    await user.type(form.getByLabelText('Price per night'), '12.5');
    await user.click(form.getByRole('button', { name: 'Save Pricing' }));
    expect(form.getByRole('alert')).toHaveTextContent('Please enter a valid price.');
    expect(posts('/api/daily-pricing/bulk')).toHaveLength(0);

    const before = gets();
    await user.clear(form.getByLabelText('Price per night'));
    await user.type(form.getByLabelText('Price per night'), '1800');
    await user.click(form.getByRole('combobox', { name: 'Currency' }));
    expect(screen.queryByRole('option', { name: 'CHF' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'USD' }));
    await user.click(form.getByRole('button', { name: 'Save Pricing' }));
    expect(await screen.findByText('Pricing Updated Successfully')).toBeInTheDocument();
    expect(screen.getByText('Daily pricing has been set for 4 date(s).')).toBeInTheDocument();
    expect(posts('/api/daily-pricing/bulk')).toEqual([
      expect.objectContaining({
        body: {
          propertyId: 7,
          ranges: [
            { from: '2026-06-16', to: '2026-06-19', price: 1800, currency: 'USD' },
            { from: '2026-06-25', to: '2026-06-26', price: 1800, currency: 'USD' },
          ],
        },
      }),
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set Pricing' })).not.toBeInTheDocument(),
    );
    // The new prices show at once, the calendar is read again, the selection is cleared (the next
    // change cannot reach these nights) and focus is on the calendar's day, not lost to the page.
    expect(cell('16 1,800 USD, Tuesday, June 16, 2026, available')).toBeInTheDocument();
    await waitFor(() => expect(gets()).toBeGreaterThanOrEqual(before + 2));
    expect(within(dialog()).getByText('No dates selected')).toBeInTheDocument();
    expect(isSelected(cell(/Tuesday, June 16, 2026/))).toBe(false);
    expect(opener).toBeDisabled();
    await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'gridcell'));
  });

  it("Set Pricing shows the server's message when the write fails", async () => {
    const { user, cell, dialog } = setup([
      route('POST /api/daily-pricing/bulk', apiError(ErrorCode.NOT_FOUND, 'Property not found')),
    ]);
    await loaded();
    await user.click(cell(/Tuesday, June 16, 2026/));
    await user.click(within(dialog()).getByRole('button', { name: 'Set Pricing' }));
    const form = within(await screen.findByRole('dialog', { name: 'Set Pricing' }));
    await user.type(form.getByLabelText('Price per night'), '900');
    await user.click(form.getByRole('button', { name: 'Save Pricing' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Property not found')).toBeInTheDocument();
  });

  it('Set Availability writes Blocked and the notes for every selected date in ONE request', async () => {
    const { user, cell, dialog, posts } = setup([route('POST /api/availability/bulk', { count: 2 })]);
    await loaded();
    await user.click(cell(/Wednesday, June 17, 2026/));
    await user.click(cell(/Tuesday, June 16, 2026/));
    await user.click(within(dialog()).getByRole('button', { name: 'Set Availability' }));
    const form = within(await screen.findByRole('dialog', { name: 'Set Availability' }));
    expect(form.getByRole('radio', { name: 'Available' })).toBeChecked();
    await user.click(form.getByRole('radio', { name: 'Blocked' }));
    await user.type(form.getByLabelText('Notes (optional)'), ' Owner stay ');
    await user.click(form.getByRole('button', { name: 'Save Availability' }));
    expect(await screen.findByText('Availability Updated')).toBeInTheDocument();
    expect(posts('/api/availability/bulk')).toEqual([
      expect.objectContaining({
        body: { propertyId: 7, dates: ['2026-06-16', '2026-06-17'], available: false, notes: 'Owner stay' },
      }),
    ]);
    await waitFor(() => expect(cell(/Tuesday, June 16, 2026, blocked$/)).toBeInTheDocument());
    expect(cell(/Wednesday, June 17, 2026, blocked$/)).toBeInTheDocument();
    expect(cell(/Thursday, June 18, 2026, crossover/)).toBeInTheDocument();
  });

  it("Set Availability falls back to the catalogue's message", async () => {
    const { user, cell, dialog } = setup([route('POST /api/availability/bulk', networkError())]);
    await loaded();
    await user.click(cell(/Tuesday, June 16, 2026/));
    await user.click(within(dialog()).getByRole('button', { name: 'Set Availability' }));
    const form = within(await screen.findByRole('dialog', { name: 'Set Availability' }));
    await user.click(form.getByRole('button', { name: 'Save Availability' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to update availability. Please try again.')).toBeInTheDocument();
  });

  it('shows the read errors', async () => {
    setup([
      route('GET /api/availability/7', apiError(ErrorCode.INTERNAL, 'boom')),
      route('GET /api/calendar-pricing/7', apiError(ErrorCode.INTERNAL, 'boom')),
    ]);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Failed to fetch availability'));
    expect(alert).toHaveTextContent('Failed to fetch pricing');
  });
});

describe('Date Range Pricing', () => {
  async function pick(
    user: ReturnType<typeof userEvent.setup>,
    field: RegExp,
    day: string,
    nextMonth = false,
  ) {
    await user.click(screen.getByRole('button', { name: field }));
    if (nextMonth) await user.click(await screen.findByRole('button', { name: 'Go to the Next Month' }));
    await user.click(await screen.findByRole('button', { name: day }));
  }

  async function openRanges(handlers: Handlers = []) {
    const s = setup(handlers);
    await loaded();
    await s.user.click(within(s.dialog()).getByRole('button', { name: 'Date Range Pricing' }));
    const overlay = await screen.findByRole('dialog', { name: 'Date Range Pricing' });
    return { ...s, overlay: within(overlay) };
  }

  it('counts nights (start up to, not including, the end) and totals per range and overall', async () => {
    const { user, overlay } = await openRanges();
    const submit = overlay.getByRole('button', { name: 'Apply Pricing' });
    expect(submit).toBeDisabled();
    expect(overlay.getByText('Duration: 0 nights')).toBeInTheDocument();
    expect(overlay.queryByRole('button', { name: /Remove date range/ })).not.toBeInTheDocument();

    await pick(user, /^Range 1 from:/, 'Wednesday, July 1, 2026', true);
    await pick(user, /^Range 1 to:/, 'Wednesday, July 15, 2026');
    await user.type(overlay.getByRole('spinbutton', { name: 'Range 1 price per night' }), '1500');
    expect(overlay.getByText('Duration: 14 nights')).toBeInTheDocument();
    expect(overlay.getByText('Total: EUR 21,000')).toBeInTheDocument();
    expect(submit).toBeEnabled();

    await user.click(overlay.getByRole('button', { name: 'Add Another Date Range' }));
    await pick(user, /^Range 2 from:/, 'Monday, July 20, 2026');
    await pick(user, /^Range 2 to:/, 'Saturday, July 25, 2026');
    const summary = within(overlay.getByRole('region', { name: 'Summary' }));
    expect(summary.getByText(/Total nights:/)).toHaveTextContent('Total nights: 19');
    expect(summary.getByText(/Date ranges:/)).toHaveTextContent('Date ranges: 2');

    await user.click(overlay.getByRole('button', { name: 'Remove date range 1' }));
    expect(summary.getByText(/Total nights:/)).toHaveTextContent('Total nights: 5');
    expect(summary.getByText(/Date ranges:/)).toHaveTextContent('Date ranges: 1');
  });

  it('opens an empty date on the month of the last date chosen, not on the current month', async () => {
    const { user, overlay } = await openRanges();
    await user.click(screen.getByRole('button', { name: /Range 1 from:/ }));
    for (let i = 0; i < 3; i++)
      await user.click(await screen.findByRole('button', { name: 'Go to the Next Month' }));
    await user.click(await screen.findByRole('button', { name: 'Thursday, September 10, 2026' }));
    await user.click(overlay.getByRole('button', { name: 'Add Another Date Range' }));
    await user.click(screen.getByRole('button', { name: /Range 2 from:/ }));
    const picker = await screen.findByRole('dialog', { name: 'Choose range 2 from' });
    expect(picker).toHaveTextContent('September 2026');
    expect(within(picker).getByRole('button', { name: 'Friday, September 18, 2026' })).toBeInTheDocument();
  });

  it('refuses a range with nights but no price above 0, naming it, and sends nothing', async () => {
    const { user, overlay, posts } = await openRanges([route('POST /api/daily-pricing/bulk', { count: 16 })]);
    await pick(user, /^Range 1 from:/, 'Wednesday, July 1, 2026', true);
    await pick(user, /^Range 1 to:/, 'Wednesday, July 15, 2026');
    await user.type(overlay.getByRole('spinbutton', { name: 'Range 1 price per night' }), '1500');
    await user.click(overlay.getByRole('button', { name: 'Add Another Date Range' }));
    await pick(user, /^Range 2 from:/, 'Monday, July 20, 2026');
    await pick(user, /^Range 2 to:/, 'Wednesday, July 22, 2026');
    await user.type(overlay.getByRole('spinbutton', { name: 'Range 2 price per night' }), '0');
    await user.click(overlay.getByRole('button', { name: 'Apply Pricing' }));
    const price2 = overlay.getByRole('spinbutton', { name: 'Range 2 price per night' });
    expect(overlay.getByRole('alert')).toHaveTextContent('Date range 2: enter a price per night above 0.');
    expect(price2).toHaveAttribute('aria-invalid', 'true');
    expect(price2).toHaveFocus();
    expect(posts('/api/daily-pricing/bulk')).toHaveLength(0);

    // Fixed, the message goes at once, and all 16 nights are written.
    await user.clear(price2);
    await user.type(price2, '900');
    expect(overlay.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(overlay.getByRole('button', { name: 'Apply Pricing' }));
    expect(await screen.findByText('Daily pricing has been set for 16 date(s).')).toBeInTheDocument();
    expect(posts('/api/daily-pricing/bulk')).toHaveLength(1);
  });

  it('writes the valid ranges in ONE request, shows it is saving, then the count', async () => {
    const held = gate();
    const { user, overlay, posts, cell } = await openRanges([
      route('POST /api/daily-pricing/bulk', async () => {
        await held.opened;
        return { count: 16 };
      }),
    ]);

    await pick(user, /^Range 1 from:/, 'Wednesday, July 1, 2026', true);
    await pick(user, /^Range 1 to:/, 'Wednesday, July 15, 2026');
    await user.type(overlay.getByRole('spinbutton', { name: 'Range 1 price per night' }), '1500');
    await user.click(overlay.getByRole('button', { name: 'Add Another Date Range' }));
    // It opens on July, the month last chosen.
    await user.click(screen.getByRole('button', { name: /Range 2 from:/ }));
    await user.click(await screen.findByRole('button', { name: 'Go to the Previous Month' }));
    await user.click(await screen.findByRole('button', { name: 'Saturday, June 20, 2026' }));
    await pick(user, /^Range 2 to:/, 'Monday, June 22, 2026');
    await user.type(overlay.getByRole('spinbutton', { name: 'Range 2 price per night' }), '2450.5');
    await user.click(overlay.getByRole('combobox', { name: 'Range 2 currency' }));
    await user.click(screen.getByRole('option', { name: 'CHF' }));

    await user.click(overlay.getByRole('button', { name: 'Apply Pricing' }));
    const saving = await overlay.findByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    expect(saving).toHaveAttribute('aria-busy', 'true');
    held.open();

    expect(await screen.findByText('Pricing Updated Successfully')).toBeInTheDocument();
    expect(screen.getByText('Daily pricing has been set for 16 date(s).')).toBeInTheDocument();
    expect(posts('/api/daily-pricing/bulk')).toEqual([
      expect.objectContaining({
        body: {
          propertyId: 7,
          ranges: [
            { from: '2026-07-01', to: '2026-07-15', price: 1500, currency: 'EUR' },
            { from: '2026-06-20', to: '2026-06-22', price: 2450.5, currency: 'CHF' },
          ],
        },
      }),
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Date Range Pricing' })).not.toBeInTheDocument(),
    );
    expect(cell('21 2,450.5 CHF, Sunday, June 21, 2026, blocked')).toBeInTheDocument();
  });

  it("says 'Error Setting Pricing' with the server's message when the write fails", async () => {
    const { user, overlay } = await openRanges([
      route(
        'POST /api/daily-pricing/bulk',
        apiError(ErrorCode.VALIDATION_FAILED, 'Choose a date range of at most 2 years'),
      ),
    ]);
    await pick(user, /^Range 1 from:/, 'Wednesday, July 1, 2026', true);
    await pick(user, /^Range 1 to:/, 'Friday, July 3, 2026');
    await user.type(overlay.getByRole('spinbutton', { name: 'Range 1 price per night' }), '100');
    await user.click(overlay.getByRole('button', { name: 'Apply Pricing' }));
    expect(await screen.findByText('Error Setting Pricing')).toBeInTheDocument();
    expect(screen.getByText('Choose a date range of at most 2 years')).toBeInTheDocument();
    // The overlay stays open with what was typed.
    expect(overlay.getByText('Duration: 2 nights')).toBeInTheDocument();
  });
});
