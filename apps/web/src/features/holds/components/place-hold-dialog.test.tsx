import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../testing/render';
import { PlaceHoldDialog, type HoldSource } from './place-hold-dialog';

const source: HoldSource = {
  inquiryId: 12,
  inquiryKind: 'white-label',
  propertyName: 'Villa Les Roches',
  clientName: 'Hugo Martin',
  checkIn: '2031-07-12',
  checkOut: '2031-07-19',
};

function setup(handlers: Parameters<typeof mockApi>[0]) {
  const calls = mockApi(handlers);
  const user = userEvent.setup();
  renderWithProviders(
    <PlaceHoldDialog source={source} trigger={<button type="button">Place hold</button>} />,
  );
  return { calls, user };
}

describe('PlaceHoldDialog', () => {
  it('holds the inquiry’s dates for 48 hours unless another length is chosen', async () => {
    const { calls, user } = setup({
      'POST /api/holds': ({ body }) => ({
        status: 201,
        body: {
          id: 3,
          propertyName: 'Villa Les Roches',
          clientName: 'Hugo Martin',
          expiresAt: '2031-07-03T12:00:00.000Z',
          ...(body as object),
        },
      }),
    });
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
    const { user } = setup({
      'POST /api/holds': () => ({ status: 409, body: { code: 'CONFLICT', message } }),
    });
    await user.click(screen.getByRole('button', { name: 'Place hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place a hold' });
    await user.click(within(dialog).getByRole('button', { name: 'Place hold' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Place a hold' })).toBeInTheDocument();
  });
});
