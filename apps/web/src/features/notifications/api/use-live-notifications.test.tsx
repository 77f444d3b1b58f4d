import { ErrorCode, type Notification } from '@villas/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUser } from '../../../lib/auth';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { agentUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { NotificationBell } from '../components/notification-bell';
import { useLiveNotifications } from './use-live-notifications';

const note = (id: number): Notification => ({
  id,
  type: 'booking_request',
  title: `Booking request ${id}`,
  message: `Message ${id}`,
  relatedId: null,
  relatedType: null,
  read: false,
  createdAt: '2026-03-05T10:00:00.000Z',
});

/** The nav bar's part: the live hook once, and the bell. */
function LiveBell() {
  const { data: user } = useUser();
  useLiveNotifications(user?.id);
  return user ? <NotificationBell userId={user.id} /> : <p>Signed out</p>;
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('useLiveNotifications', () => {
  it('refetches the bell when a notification event arrives, without waiting for the poll', async () => {
    let list = [note(1)];
    server.use(
      route('GET /api/auth/user', { ...agentUser, id: 7 }),
      route('GET /api/notifications/7', () => list),
    );
    const calls = sentRequests();
    renderWithProviders(<LiveBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(FakeEventSource.all).toHaveLength(1);
    FakeEventSource.latest.emit('ready');

    list = [note(2), note(1)];
    FakeEventSource.latest.emit('notification', { action: 'created', id: 2, type: 'booking_request' });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

    list = [note(3), note(2), note(1)];
    FakeEventSource.latest.emit('resync');
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/notifications/7')).toHaveLength(3);
  });

  it('on the end of the session refetches the user, shows the signed-out state and closes the stream', async () => {
    let signedIn = true;
    server.use(
      route('GET /api/auth/user', () =>
        signedIn ? { ...agentUser, id: 7 } : apiError(ErrorCode.UNAUTHORIZED, 'Please sign in to continue'),
      ),
      route('GET /api/notifications/7', []),
    );
    renderWithProviders(<LiveBell />);
    await screen.findByRole('button', { name: 'Notifications' });
    const source = FakeEventSource.latest;
    source.emit('ready');
    signedIn = false;
    source.emit('end', { reason: 'signed-out' });
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(source.closed).toBe(true);
    expect(FakeEventSource.open).toHaveLength(0);
  });
});
