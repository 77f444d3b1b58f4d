import type { WhiteLabelLink } from '@villas/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { DashboardLinks } from '../components/dashboard-links';

const link = (viewCount: number): WhiteLabelLink => ({
  id: 1,
  uuid: 'u-1',
  title: 'Azure Voyages - Sophie Laurent',
  description: null,
  agentName: null,
  agentEmail: null,
  companyName: null,
  propertyIds: [1],
  searchFilters: null,
  isActive: true,
  expiresAt: null,
  createdAt: '2026-02-01T09:00:00.000Z',
  viewCount,
  currency: 'EUR',
  markupType: 'none',
  markupValue: 0,
});

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

const views = async () =>
  within((await screen.findByText('Views')).closest('div')!).getByRole('definition').textContent;

describe('My Dashboard live', () => {
  it("shows a client's view as soon as it is recorded, and refetches after a booking request", async () => {
    let count = 0;
    server.use(route('GET /api/user/dashboard/white-label-links', () => [link(count)]));
    const calls = sentRequests();
    renderWithProviders(<DashboardLinks />);
    expect(await views()).toBe('0');
    FakeEventSource.latest.emit('ready');

    count = 1;
    FakeEventSource.latest.emit('link-view', { linkId: 1 });
    await vi.waitFor(async () => expect(await views()).toBe('1'));

    FakeEventSource.latest.emit('inquiry', { action: 'created', id: 5, linkId: 1 });
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    // A notification is the bell's business: the links are not refetched for it.
    FakeEventSource.latest.emit('notification', { action: 'created', id: 9, type: 'link_viewed' });
    expect(calls).toHaveLength(3);
  });
});
