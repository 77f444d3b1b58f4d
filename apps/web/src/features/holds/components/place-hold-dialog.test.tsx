import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type HoldInput } from '@villas/shared';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { PlaceHoldDialog, type HoldSource } from './place-hold-dialog';

const source: HoldSource = {
  inquiryId: 12,
  inquiryKind: 'white-label',
  propertyName: 'Villa Les Roches',
  clientName: 'Hugo Martin',
  checkIn: '2031-07-12',
  checkOut: '2031-07-19',
};

function setup(...handlers: HttpHandler[]) {
  server.use(...handlers);
  const calls = sentRequests();
  const user = userEvent.setup();
  renderWithProviders(
    <PlaceHoldDialog source={source} trigger={<button type="button">Place hold</button>} />,
  );
  return { calls, user };
}

describe('PlaceHoldDialog', () => {
  it('holds the inquiry’s dates for 48 hours unless another length is chosen', async () => {
    const { calls, user } = setup(
      route('POST /api/holds', ({ body }) => {
        const input = body as HoldInput;
        return {
          id: 3,
          propertyId: 7,
          propertyName: 'Villa Les Roches',
          agentId: 4,
          agentName: 'Sophie Moreau',
          agentCompany: 'Azure Voyages',
          inquiryKind: source.inquiryKind,
          inquiryId: input.inquiryId,
          clientName: 'Hugo Martin',
          checkIn: input.checkIn ?? '2031-07-12',
          checkOut: input.checkOut ?? '2031-07-19',
          nights: 7,
          status: 'active',
          expiresAt: '2031-07-03T12:00:00.000Z',
          createdAt: '2031-06-26T12:00:00.000Z',
          closedAt: null,
          closedByName: null,
        };
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Place hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place a hold' });
    expect(
      within(dialog).getByText(/Villa Les Roches for Hugo Martin · July 12, 2031 – July 19, 2031/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Check-in: July 12, 2031' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Hold for' })).toHaveTextContent('48 hours');

    await user.click(within(dialog).getByRole('combobox', { name: 'Hold for' }));
    await user.click(await screen.findByRole('option', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Place hold' }));
    await screen.findByText('Hold placed');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        inquiryId: 12,
        inquiryKind: 'white-label',
        checkIn: '2031-07-12',
        checkOut: '2031-07-19',
        expiresInHours: 168,
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Place a hold' })).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s reason when the nights are taken', async () => {
    const message = 'These dates are no longer available: July 14–15, 2031';
    const { user } = setup(route('POST /api/holds', apiError(ErrorCode.CONFLICT, message)));
    await user.click(screen.getByRole('button', { name: 'Place hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place a hold' });
    await user.click(within(dialog).getByRole('button', { name: 'Place hold' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Place a hold' })).toBeInTheDocument();
  });

  it('shows the server’s reason when the agent already holds as much as one agent may', async () => {
    const message =
      'You already have 20 active holds; one agent may keep at most 20. Release one or let one expire first.';
    const { user } = setup(route('POST /api/holds', apiError(ErrorCode.HOLD_LIMIT_ACTIVE, message)));
    await user.click(screen.getByRole('button', { name: 'Place hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place a hold' });
    await user.click(within(dialog).getByRole('button', { name: 'Place hold' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    // … and as a toast.
    expect(await screen.findByText('Hold not placed')).toBeInTheDocument();
  });

  it('offers only nights within the inquiry’s dates', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Place hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place a hold' });
    expect(within(dialog).getByText(/within the inquiry’s dates/)).toBeInTheDocument();
    const dayButton = async (day: number) => {
      const days = within(await screen.findByRole('grid')).getAllByRole('gridcell');
      const cell = days.find((d) => d.textContent === String(day) && !d.hasAttribute('data-outside'))!;
      return within(cell).getByRole('button');
    };
    await user.click(within(dialog).getByRole('button', { name: 'Check-out: July 19, 2031' }));
    expect(await dayButton(19)).toBeEnabled();
    expect(await dayButton(20)).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Check-in: July 12, 2031' }));
    expect(await dayButton(11)).toBeDisabled();
    expect(await dayButton(18)).toBeEnabled();
    expect(await dayButton(19)).toBeDisabled();
  });
});
