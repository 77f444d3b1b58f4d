import type { Notification } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { notificationsQueryOptions } from '../api/get-notifications';
import { NotificationBell } from './notification-bell';

const note = (id: number, read = false, over: Partial<Notification> = {}): Notification => ({
  id,
  type: 'booking_request',
  title: `Booking request ${id}`,
  message: `Message ${id}`,
  relatedId: null,
  relatedType: null,
  read,
  createdAt: '2026-03-05T10:00:00.000Z',
  ...over,
});

describe('NotificationBell', () => {
  it("shows '9+' above nine unread, names the bell with that same text and gives the exact count inside", async () => {
    const list = Array.from({ length: 12 }, (_, i) => note(i + 1, i >= 10));
    server.use(route('GET /api/notifications/7', list));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<NotificationBell userId={7} />);
    const badge = await screen.findByTestId('unread-badge');
    expect(badge).toHaveTextContent('9+');
    // axe label-content-name-mismatch: the accessible name contains the visible text.
    const bell = screen.getByRole('button', { name: 'Notifications, 9+ unread' });
    expect(bell).toContainElement(badge);
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('10 unread')).toBeInTheDocument();
  });

  it('shows the exact count up to nine and no badge when all are read', async () => {
    server.use(route('GET /api/notifications/7', [note(1), note(2), note(3), note(4, true)]));
    const { unmount } = renderWithProviders(<NotificationBell userId={7} />);
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.getByRole('button').textContent).toBe('3');
    unmount();

    server.use(route('GET /api/notifications/7', [note(4, true)]));
    renderWithProviders(<NotificationBell userId={7} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('lists title, message, long date and New badge; marks read and deletes, refetching each time', async () => {
    let list = [note(1, false, { title: 'Booking request from Ana' }), note(2, true)];
    server.use(
      route('GET /api/notifications/7', () => list),
      route('PUT /api/notifications/1/read', () => {
        list = list.map((n) => (n.id === 1 ? { ...n, read: true } : n));
        return list.find((n) => n.id === 1)!;
      }),
      route('DELETE /api/notifications/2', () => {
        list = list.filter((n) => n.id !== 2);
        return { ok: true };
      }),
    );
    const calls = sentRequests();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<NotificationBell userId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));

    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('Booking request from Ana')).toBeInTheDocument();
    expect(within(panel).getByText('Message 1')).toBeInTheDocument();
    expect(within(panel).getAllByText('March 5, 2026')).toHaveLength(2);
    expect(within(panel).getAllByText('New')).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Mark "Booking request from Ana" as read' }));
    await waitFor(() => expect(within(panel).queryByText('New')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/notifications/1/read', body: undefined },
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Delete "Booking request 2"' }));
    await waitFor(() => expect(within(panel).queryByText('Booking request 2')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/notifications/2')).toBe(true);
    // one load plus a refetch after each mutation
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(3);
  });

  it("shows 'No notifications yet' when the list is empty", async () => {
    server.use(route('GET /api/notifications/7', []));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<NotificationBell userId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('polls every 30 seconds', () => {
    expect(notificationsQueryOptions(7).refetchInterval).toBe(30_000);
    expect(notificationsQueryOptions(7).queryKey).toEqual(['/api/notifications/7']);
  });
});
