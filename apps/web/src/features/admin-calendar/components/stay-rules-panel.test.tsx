import { ErrorCode, STAY_RULE_MESSAGES, type StayRule } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { StayRulesPanel } from './stay-rules-panel';

// Today is Sunday, June 15, 2031 (only Date is faked; timers stay real for user-event).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2031, 5, 15, 10, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

const rule = (over: Partial<StayRule> = {}): StayRule => ({
  id: 3,
  propertyId: 7,
  startDate: '2031-07-01',
  endDate: '2031-08-31',
  minNights: 7,
  checkInDays: [6],
  source: 'manual',
  updatedAt: '2031-06-01T10:00:00.000Z',
  ...over,
});
const RULES = '/api/admin/properties/7/stay-rules';

function show() {
  const user = userEvent.setup();
  renderWithProviders(<StayRulesPanel propertyId={7} today="2031-06-15" />);
  return { user, panel: () => screen.getByRole('region', { name: 'Stay rules' }) };
}

/** Picks a day in the open date picker (`name` its dialog), moving `months` ahead first. */
async function pick(
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  months: number,
  day: string,
) {
  await user.click(field);
  for (let i = 0; i < months; i++)
    await user.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
  const cell = screen
    .getAllByRole('gridcell')
    .find((d) => d.textContent === day && !d.hasAttribute('data-outside'))!;
  await user.click(within(cell).getByRole('button'));
}

describe('StayRulesPanel', () => {
  it("lists the villa's rules in brief, marks Invenio's and says what a sync does to them", async () => {
    server.use(
      route(`GET ${RULES}`, [
        rule(),
        rule({
          id: 4,
          startDate: '2031-12-20',
          endDate: '2032-01-03',
          minNights: 10,
          checkInDays: null,
          source: 'invenio',
        }),
      ]),
    );
    show();
    const list = await screen.findByRole('list', { name: 'Stay rules' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Saturday check-in, 7 nights minimum, 1 Jul – 31 Aug'),
      expect.stringContaining('10 nights minimum, 20 Dec 2031 – 3 Jan 2032From Invenio'),
    ]);
    expect(screen.getByText(/Rules from Invenio are replaced at each sync/)).toBeInTheDocument();
  });

  it('says so when the villa has no rule', async () => {
    server.use(route(`GET ${RULES}`, []));
    show();
    expect(
      await screen.findByText('No stay rules: a stay of any length may start on any day.'),
    ).toBeInTheDocument();
  });

  it('adds a Saturday-only, 7-night rule for July and August in one request, after the shared checks', async () => {
    server.use(route(`GET ${RULES}`, []), route(`POST ${RULES}`, rule()));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Add Stay Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stay Rule' });

    // Nothing chosen: each field says what it needs, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save Stay Rule' }));
    expect(within(dialog).getByText('Choose the first day of the period')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the last day of the period')).toBeInTheDocument();
    expect(within(dialog).getByText(STAY_RULE_MESSAGES.nothingSet)).toBeInTheDocument();

    await pick(user, within(dialog).getByRole('button', { name: 'First day: Add date' }), 1, '1');
    // The last day's calendar opens on the first day's month.
    await pick(user, within(dialog).getByRole('button', { name: 'Last day: Add date' }), 1, '31');
    await user.type(within(dialog).getByLabelText('Minimum stay (nights)'), '7');
    const saturday = within(dialog).getByRole('button', { name: 'Saturday' });
    await user.click(saturday);
    expect(saturday).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(dialog).getByText('Saturday check-in, 7 nights minimum, 1 Jul – 31 Aug'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save Stay Rule' }));
    expect(await screen.findByText('Stay Rule Added')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(
      sentRequests()
        .filter((r) => r.method === 'POST')
        .map((r) => [r.url, r.body]),
    ).toEqual([[RULES, { startDate: '2031-07-01', endDate: '2031-08-31', minNights: 7, checkInDays: [6] }]]);
  });

  it("keeps the dialog open with the server's reason when the period overlaps another rule", async () => {
    const overlap = STAY_RULE_MESSAGES.overlaps('1 Jul – 31 Aug');
    server.use(
      route(`GET ${RULES}`, [rule()]),
      route(`POST ${RULES}`, apiError(ErrorCode.CONFLICT, overlap)),
    );
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Add Stay Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stay Rule' });
    await pick(user, within(dialog).getByRole('button', { name: 'First day: Add date' }), 2, '20');
    await pick(user, within(dialog).getByRole('button', { name: 'Last day: Add date' }), 0, '27');
    await user.type(within(dialog).getByLabelText('Minimum stay (nights)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save Stay Rule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(overlap);
    expect(dialog).toBeInTheDocument();
  });

  it('refuses a minimum stay of one night before sending', async () => {
    server.use(route(`GET ${RULES}`, []));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Add Stay Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stay Rule' });
    await pick(user, within(dialog).getByRole('button', { name: 'First day: Add date' }), 0, '20');
    await pick(user, within(dialog).getByRole('button', { name: 'Last day: Add date' }), 0, '27');
    await user.type(within(dialog).getByLabelText('Minimum stay (nights)'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save Stay Rule' }));
    expect(within(dialog).getByText(STAY_RULE_MESSAGES.minNights)).toBeInTheDocument();
    expect(sentRequests().filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('after a refused save, checks again at each change: a corrected field loses its message at once', async () => {
    server.use(route(`GET ${RULES}`, []));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Add Stay Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stay Rule' });
    const d = within(dialog);
    await user.click(d.getByRole('button', { name: 'Save Stay Rule' }));
    expect(d.getByText('Choose the first day of the period')).toBeInTheDocument();
    expect(d.getByText('Choose the last day of the period')).toBeInTheDocument();
    expect(d.getByText(STAY_RULE_MESSAGES.nothingSet)).toBeInTheDocument();

    await pick(user, d.getByRole('button', { name: 'First day: Add date' }), 0, '20');
    expect(d.queryByText('Choose the first day of the period')).not.toBeInTheDocument();
    expect(d.getByText('Choose the last day of the period')).toBeInTheDocument();
    await pick(user, d.getByRole('button', { name: 'Last day: Add date' }), 0, '27');
    expect(d.queryByText('Choose the last day of the period')).not.toBeInTheDocument();

    // A value made wrong says so as it is typed, and a right one clears it.
    const nights = d.getByLabelText('Minimum stay (nights)');
    await user.type(nights, '1');
    expect(d.queryByText(STAY_RULE_MESSAGES.nothingSet)).not.toBeInTheDocument();
    expect(d.getByText(STAY_RULE_MESSAGES.minNights)).toBeInTheDocument();
    await user.clear(nights);
    await user.type(nights, '3');
    expect(d.queryByText(STAY_RULE_MESSAGES.minNights)).not.toBeInTheDocument();
    expect(d.queryByRole('alert')).not.toBeInTheDocument();
    expect(sentRequests().filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('edits a rule (PUT with the new terms) and deletes one after asking', async () => {
    server.use(
      route(`GET ${RULES}`, [rule()]),
      route('PUT /api/admin/stay-rules/3', rule({ minNights: 5 })),
      route('DELETE /api/admin/stay-rules/3', { ok: true }),
    );
    const { user } = show();
    const summary = 'Saturday check-in, 7 nights minimum, 1 Jul – 31 Aug';
    await user.click(await screen.findByRole('button', { name: `Edit stay rule: ${summary}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Stay Rule' });
    expect(within(dialog).getByRole('button', { name: 'First day: July 1, 2031' })).toBeInTheDocument();
    const nights = within(dialog).getByLabelText('Minimum stay (nights)');
    await user.clear(nights);
    await user.type(nights, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save Stay Rule' }));
    expect(await screen.findByText('Stay Rule Updated')).toBeInTheDocument();
    expect(sentRequests().find((r) => r.method === 'PUT')?.body).toEqual({
      startDate: '2031-07-01',
      endDate: '2031-08-31',
      minNights: 5,
      checkInDays: [6],
    });

    await user.click(screen.getByRole('button', { name: `Delete stay rule: ${summary}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this stay rule?' });
    expect(sentRequests().filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete Rule' }));
    expect(await screen.findByText('Stay Rule Deleted')).toBeInTheDocument();
    expect(
      sentRequests()
        .filter((r) => r.method === 'DELETE')
        .map((r) => r.url),
    ).toEqual(['/api/admin/stay-rules/3']);
  });
});
