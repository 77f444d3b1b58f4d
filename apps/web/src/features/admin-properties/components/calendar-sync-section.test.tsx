import {
  ErrorCode,
  type AdminLocation,
  type IcalExport,
  type IcalFeed,
  type Property,
  type SyncStarted,
} from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { HttpHandler } from 'msw';
import { apiError, gate, route, sentRequests, server, type SentRequest } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { PropertyFormDialog } from './property-form-dialog';

const LOCATIONS: AdminLocation[] = [
  {
    region: 'France',
    subregions: ['Côte d’Azur'],
    propertyCount: 1,
    subregionCounts: [{ name: 'Côte d’Azur', propertyCount: 1 }],
  },
];

const PROPERTY: Property = {
  id: 5,
  name: 'Villa Les Roches',
  regionId: 1,
  subregionId: 1,
  region: 'France',
  subregion: 'Côte d’Azur',
  description: 'A cliff-top villa above Cap Ferrat.',
  bedrooms: 6,
  maxGuests: 12,
  basePricePerNight: 15000,
  propertyCurrency: 'EUR',
  siteCurrency: 'EUR',
  propertyType: 'villa',
  amenityIds: [],
  amenities: [],
  images: [],
  available: true,
  location: 'France, Côte d’Azur',
  pricePerNight: 15000,
  currency: 'EUR',
  externalId: null,
  externalProvider: null,
  icalUrl: null,
  lastSyncDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  weeklyPriceEur: 105000,
};

const feed = (over: Partial<IcalFeed> = {}): IcalFeed => ({
  id: 1,
  propertyId: 5,
  url: 'https://www.airbnb.com/calendar/ical/123456.ics?s=abcdef',
  label: 'Airbnb',
  connectionId: null,
  lastRunAt: '2026-03-02T09:30:00.000Z',
  lastStatus: 'ok',
  lastError: null,
  lastEventCount: 12,
  blockedNights: 9,
  ...over,
});

const AIRBNB = feed();
const VRBO = feed({
  id: 2,
  url: 'https://www.vrbo.com/icalendar/abc.ics',
  label: 'Vrbo',
  lastStatus: 'error',
  lastError: 'Vrbo: The calendar answered HTTP error! status: 404',
  lastEventCount: null,
  blockedNights: 0,
});
const UNLABELLED = feed({
  id: 3,
  url: 'https://calendar.owner.example/villa.ics',
  label: '',
  lastRunAt: null,
  lastStatus: null,
  lastEventCount: null,
  blockedNights: 0,
});
const MANAGED = feed({
  id: 4,
  url: 'https://www.booking.com/ical/x.ics',
  label: 'Booking.com',
  connectionId: 3,
});

const EXPORT: IcalExport = {
  url: 'https://villas.example.com/api/ical/tok_aaaaaaaaaaaaaaaaaaaaaaaa.ics',
  path: '/api/ical/tok_aaaaaaaaaaaaaaaaaaaaaaaa.ics',
};
const ROTATED: IcalExport = {
  url: 'https://villas.example.com/api/ical/tok_bbbbbbbbbbbbbbbbbbbbbbbb.ics',
  path: '/api/ical/tok_bbbbbbbbbbbbbbbbbbbbbbbb.ics',
};

const FEEDS_URL = '/api/admin/properties/5/ical-feeds';

function Harness({ propertyId }: { propertyId?: number }) {
  const [open, setOpen] = useState(true);
  return <PropertyFormDialog open={open} propertyId={propertyId} onOpenChange={setOpen} />;
}

/** The edit dialog's reads, the property's feeds (a list the handlers change) and its export. */
function serve(feeds: IcalFeed[], ...extra: HttpHandler[]) {
  const state = { feeds: [...feeds] };
  server.use(
    ...extra,
    route('GET /api/admin/locations', LOCATIONS),
    route('GET /api/admin/amenities', []),
    route('GET /api/properties/5', PROPERTY),
    route('GET /api/calendar-pricing/5', []),
    route(`GET ${FEEDS_URL}`, () => state.feeds),
    route('GET /api/admin/properties/5/ical-export', EXPORT),
  );
  return { calls: sentRequests(), state };
}

const setup = () => userEvent.setup({ delay: null });

/** Opens Edit Property on the Calendar Sync tab. */
async function openCalendarSync(user: ReturnType<typeof setup>) {
  renderWithProviders(<Harness propertyId={5} />);
  const d = await screen.findByRole('dialog', { name: 'Edit Property' });
  await within(d).findByLabelText(/^Name/);
  await user.click(within(d).getByRole('tab', { name: 'Calendar Sync' }));
  return d;
}
const feedList = (d: HTMLElement) => within(d).findByRole('list', { name: 'Imported calendars' });
const rowOf = async (d: HTMLElement, name: string) =>
  (await within(await feedList(d)).findByText(name, { selector: 'span' })).closest('li')!;
const writes = (calls: SentRequest[]) => calls.filter((c) => c.method !== 'GET');

describe('Calendar Sync', { timeout: 30_000 }, () => {
  it("a new property shows 'save first' and asks nothing about calendars", async () => {
    const { calls } = serve([]);
    const user = setup();
    renderWithProviders(<Harness />);
    const d = await screen.findByRole('dialog', { name: 'Add Property' });
    await user.click(within(d).getByRole('tab', { name: 'Calendar Sync' }));
    expect(within(d).getByText('Save the property first to connect calendars.')).toBeInTheDocument();
    expect(within(d).queryByLabelText('Feed URL')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/ical'))).toEqual([]);
  });

  it('is reached with the arrow keys like the other tabs', async () => {
    serve([]);
    const user = setup();
    renderWithProviders(<Harness propertyId={5} />);
    const d = await screen.findByRole('dialog', { name: 'Edit Property' });
    await within(d).findByLabelText(/^Name/);
    await user.click(within(d).getByRole('tab', { name: 'Pricing & Media' }));
    await user.keyboard('{ArrowRight}');
    const calendar = within(d).getByRole('tab', { name: 'Calendar Sync' });
    expect(calendar).toHaveFocus();
    expect(calendar).toHaveAttribute('aria-selected', 'true');
    expect(await within(d).findByRole('heading', { name: 'Import calendars' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(d).getByRole('tab', { name: 'Basic Info' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(calendar).toHaveFocus();
  });

  it('lists each feed with its status, last run, counts and error; a connection feed says so', async () => {
    serve([AIRBNB, VRBO, UNLABELLED, MANAGED]);
    const user = setup();
    const d = await openCalendarSync(user);
    const list = await feedList(d);
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);

    const airbnb = await rowOf(d, 'Airbnb');
    expect(within(airbnb).getByText('OK')).toBeInTheDocument();
    expect(within(airbnb).getByText(/^Last run/)).toBeInTheDocument();
    expect(within(airbnb).getByText('12 events')).toBeInTheDocument();
    expect(within(airbnb).getByText('9 blocked nights')).toBeInTheDocument();
    // The URL is cut short on screen only: the whole of it is the text and the title.
    const url = within(airbnb).getByText(AIRBNB.url);
    expect(url).toHaveClass('truncate');
    expect(url).toHaveAttribute('title', AIRBNB.url);

    const vrbo = await rowOf(d, 'Vrbo');
    expect(within(vrbo).getByText('Failed')).toBeInTheDocument();
    expect(within(vrbo).getByText('Vrbo: The calendar answered HTTP error! status: 404')).toBeInTheDocument();
    expect(within(vrbo).getByText('0 events')).toBeInTheDocument();

    // No label: the host names it; never read yet.
    const owner = await rowOf(d, 'calendar.owner.example');
    expect(within(owner).getByText('Not synced yet')).toBeInTheDocument();
    expect(within(owner).queryByText(/events$/)).not.toBeInTheDocument();

    const managed = await rowOf(d, 'Booking.com');
    expect(within(managed).getByText('Managed by connection #3')).toBeInTheDocument();
    expect(within(airbnb).queryByText(/Managed by/)).not.toBeInTheDocument();

    for (const name of ['Airbnb', 'Vrbo', 'calendar.owner.example', 'Booking.com']) {
      expect(within(list).getByRole('button', { name: `Sync ${name} now` })).toBeInTheDocument();
      expect(within(list).getByRole('button', { name: `Remove ${name}` })).toBeInTheDocument();
    }
  });

  it('shows an empty list, and a failed load with Try again', async () => {
    let fail = true;
    serve(
      [],
      route(`GET ${FEEDS_URL}`, () => (fail ? apiError(ErrorCode.INTERNAL, 'Something went wrong') : [])),
    );
    const user = setup();
    const d = await openCalendarSync(user);
    expect(await within(d).findByText('Something went wrong')).toBeInTheDocument();
    fail = false;
    await user.click(within(d).getByRole('button', { name: 'Try again' }));
    expect(await within(d).findByText('No calendars imported yet.')).toBeInTheDocument();
  });

  it('adds a feed: posts {url, label}, lists it and clears the fields', async () => {
    const added = feed({
      id: 7,
      url: 'https://owner.example/cal.ics',
      label: 'Owner calendar',
      lastRunAt: null,
      lastStatus: null,
      lastEventCount: null,
      blockedNights: 0,
    });
    const { calls, state } = serve(
      [AIRBNB],
      route(`POST ${FEEDS_URL}`, () => {
        state.feeds.push(added);
        return added;
      }),
    );
    const user = setup();
    const d = await openCalendarSync(user);
    await feedList(d);
    await user.type(within(d).getByLabelText('Feed URL'), 'https://owner.example/cal.ics');
    await user.type(within(d).getByLabelText('Label (optional)'), '  Owner calendar ');
    await user.click(within(d).getByRole('button', { name: 'Add feed' }));

    expect(await screen.findByText('Calendar feed added')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        url: FEEDS_URL,
        body: { url: 'https://owner.example/cal.ics', label: 'Owner calendar' },
      },
    ]);
    const row = await rowOf(d, 'Owner calendar');
    expect(within(row).getByText('Not synced yet')).toBeInTheDocument();
    expect(within(d).getByLabelText('Feed URL')).toHaveValue('');
    expect(within(d).getByLabelText('Label (optional)')).toHaveValue('');
  });

  it('checks the URL with the shared schema and sends nothing when it is wrong', async () => {
    const { calls } = serve([]);
    const user = setup();
    const d = await openCalendarSync(user);
    await within(d).findByText('No calendars imported yet.');
    const add = within(d).getByRole('button', { name: 'Add feed' });
    await user.click(add);
    expect(await within(d).findByText('Feed URL is required')).toBeInTheDocument();
    expect(within(d).getByLabelText('Feed URL')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(d).getByLabelText('Feed URL'), 'ftp://calendar.example/x.ics');
    await user.click(add);
    expect(
      await within(d).findByText('Feed URL must start with https://, http:// or webcal://'),
    ).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('Enter in the feed URL adds the feed and never submits the property', async () => {
    const added = feed({ id: 8, url: 'webcal://calendar.example/a.ics', label: 'calendar.example' });
    const { calls, state } = serve(
      [],
      route(`POST ${FEEDS_URL}`, () => {
        state.feeds.push(added);
        return added;
      }),
      route('PUT /api/properties/5', PROPERTY),
    );
    const user = setup();
    const d = await openCalendarSync(user);
    await within(d).findByText('No calendars imported yet.');
    const url = within(d).getByLabelText('Feed URL');

    // A wrong URL: the schema's message, and neither the feed nor the property is sent.
    await user.type(url, 'not a url{Enter}');
    expect(
      await within(d).findByText('Feed URL must start with https://, http:// or webcal://'),
    ).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.clear(url);
    await user.type(url, 'webcal://calendar.example/a.ics{Enter}');
    expect(await screen.findByText('Calendar feed added')).toBeInTheDocument();
    await rowOf(d, 'calendar.example');
    expect(writes(calls)).toEqual([
      { method: 'POST', url: FEEDS_URL, body: { url: 'webcal://calendar.example/a.ics' } },
    ]);
    expect(screen.queryByText('Property Updated')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Property' })).toBeInTheDocument();
  });

  it("shows the server's message when the feed is refused", async () => {
    serve(
      [],
      route(
        `POST ${FEEDS_URL}`,
        apiError(ErrorCode.VALIDATION_FAILED, 'Calendars on private network addresses are refused'),
      ),
    );
    const user = setup();
    const d = await openCalendarSync(user);
    await within(d).findByText('No calendars imported yet.');
    await user.type(within(d).getByLabelText('Feed URL'), 'http://192.168.1.10/cal.ics');
    await user.click(within(d).getByRole('button', { name: 'Add feed' }));
    expect(await screen.findByText('Calendars on private network addresses are refused')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    // The URL stays for correcting.
    expect(within(d).getByLabelText('Feed URL')).toHaveValue('http://192.168.1.10/cal.ics');
  });

  it('Sync now runs the feed, shows it pending, then the new status', async () => {
    const started: SyncStarted = { reportId: 41, status: 'completed', message: 'Calendar imported' };
    const held = gate();
    const { calls, state } = serve(
      [UNLABELLED],
      route(`POST ${FEEDS_URL}/3/run`, async () => {
        await held.opened;
        state.feeds = [
          {
            ...UNLABELLED,
            lastRunAt: '2026-03-03T10:00:00.000Z',
            lastStatus: 'ok',
            lastEventCount: 4,
            blockedNights: 6,
          },
        ];
        return started;
      }),
    );

    const user = setup();
    const d = await openCalendarSync(user);
    const row = await rowOf(d, 'calendar.owner.example');
    await user.click(within(row).getByRole('button', { name: 'Sync calendar.owner.example now' }));
    const pending = await within(row).findByRole('button', { name: 'Syncing calendar.owner.example' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveTextContent('Syncing...');
    held.open();

    expect(await screen.findByText('Sync Triggered')).toBeInTheDocument();
    expect(screen.getByText('Calendar imported')).toBeInTheDocument();
    expect(await within(row).findByText('6 blocked nights')).toBeInTheDocument();
    expect(within(row).getByText('OK')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Sync calendar.owner.example now' })).toBeEnabled();
    expect(writes(calls)).toEqual([{ method: 'POST', url: `${FEEDS_URL}/3/run`, body: undefined }]);
  });

  it("'Error' with the server's message when a sync is refused", async () => {
    serve(
      [AIRBNB],
      route(
        `POST ${FEEDS_URL}/1/run`,
        apiError(ErrorCode.SYNC_RUNNING, 'This calendar is already being imported. Wait for it to finish.'),
      ),
    );
    const user = setup();
    const d = await openCalendarSync(user);
    await user.click(within(await rowOf(d, 'Airbnb')).getByRole('button', { name: 'Sync Airbnb now' }));
    expect(
      await screen.findByText('This calendar is already being imported. Wait for it to finish.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('removes a feed only after confirmation', async () => {
    const { calls, state } = serve(
      [AIRBNB, VRBO],
      route(`DELETE ${FEEDS_URL}/2`, () => {
        state.feeds = state.feeds.filter((f) => f.id !== 2);
        return { ok: true };
      }),
    );
    const user = setup();
    const d = await openCalendarSync(user);
    await user.click(within(await rowOf(d, 'Vrbo')).getByRole('button', { name: 'Remove Vrbo' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove this calendar?' });
    expect(confirm).toHaveTextContent('Vrbo stops being imported');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);

    await user.click(within(await rowOf(d, 'Vrbo')).getByRole('button', { name: 'Remove Vrbo' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Remove this calendar?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Feed removed')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'DELETE', url: `${FEEDS_URL}/2`, body: undefined }]);
    await waitFor(() => expect(within(d).queryByText('Vrbo', { selector: 'span' })).not.toBeInTheDocument());
    expect(within(d).getByText('Airbnb', { selector: 'span' })).toBeInTheDocument();
    // Its row is gone: focus goes to the feed URL.
    await waitFor(() => expect(within(d).getByLabelText('Feed URL')).toHaveFocus());
  });

  it("keeps a connection's feed when the server refuses to remove it, with the server's message", async () => {
    const { calls } = serve(
      [MANAGED],
      route(
        `DELETE ${FEEDS_URL}/4`,
        apiError(ErrorCode.CONFLICT, 'This feed belongs to a connection: remove it there'),
      ),
    );
    const user = setup();
    const d = await openCalendarSync(user);
    await user.click(
      within(await rowOf(d, 'Booking.com')).getByRole('button', { name: 'Remove Booking.com' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this calendar?' });
    expect(confirm).toHaveTextContent('managed by connection #3');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This feed belongs to a connection: remove it there')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(1);
    expect(within(d).getByText('Booking.com', { selector: 'span' })).toBeInTheDocument();
  });

  it('shows the export address, copies it, and generates a new one only after confirmation', async () => {
    const { calls } = serve([], route('POST /api/admin/properties/5/ical-export/rotate', ROTATED));
    const user = setup();
    const d = await openCalendarSync(user);
    const address = await within(d).findByRole('textbox', { name: 'Export address' });
    expect(address).toHaveValue(EXPORT.url);
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveAccessibleDescription(
      "Paste this address into Airbnb, Vrbo, Booking.com or Google Calendar to share this property's blocked nights. Imported nights are not re-exported.",
    );

    await user.click(within(d).getByRole('button', { name: 'Copy export address' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    // user-event provides the clipboard: read back what was written.
    expect(await navigator.clipboard.readText()).toBe(EXPORT.url);

    await user.click(within(d).getByRole('button', { name: 'Generate new address' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Generate a new address?' });
    expect(confirm).toHaveTextContent('The current address stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
    expect(address).toHaveValue(EXPORT.url);

    await user.click(within(d).getByRole('button', { name: 'Generate new address' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Generate a new address?' });
    await user.click(within(confirm).getByRole('button', { name: 'Generate new address' }));
    expect(await screen.findByText('New address generated')).toBeInTheDocument();
    await waitFor(() => expect(address).toHaveValue(ROTATED.url));
    expect(writes(calls)).toEqual([
      { method: 'POST', url: '/api/admin/properties/5/ical-export/rotate', body: undefined },
    ]);
  });

  it('makes a path-only export address absolute', async () => {
    serve([], route('GET /api/admin/properties/5/ical-export', { url: EXPORT.path, path: EXPORT.path }));
    const user = setup();
    const d = await openCalendarSync(user);
    expect(await within(d).findByRole('textbox', { name: 'Export address' })).toHaveValue(
      `${window.location.origin}${EXPORT.path}`,
    );
  });
});
