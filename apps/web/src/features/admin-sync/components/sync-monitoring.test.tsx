import {
  ErrorCode,
  SYNC_REPORTS_REFETCH_MS,
  type SyncReport,
  type SyncReportSummary,
  type SyncStarted,
  type SyncStats,
} from '@villas/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpHandler } from 'msw';
import { apiError, networkError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { SYNC_REPORTS_PAGE_SIZE, SYNC_RUNNING_REFETCH_MS } from '../api/keys';
import { SyncMonitoring } from './sync-monitoring';

const report = (over: Partial<SyncReportSummary> = {}): SyncReportSummary => ({
  id: 12,
  jobType: 'comprehensive',
  status: 'completed',
  trigger: 'schedule',
  connectionId: null,
  connectionName: null,
  feedId: null,
  startTime: '2026-06-05T10:00:00.000Z',
  completedAt: '2026-06-05T10:00:12.400Z',
  duration: 12_400,
  propertiesProcessed: 120,
  changesDetected: 2,
  newImagesCount: 3,
  calendarUpdates: 45,
  errorCount: 1,
  errorMessage: null,
  ...over,
});

const running = report({
  id: 14,
  jobType: 'invenio-sync',
  status: 'running',
  trigger: 'manual',
  connectionId: 3,
  connectionName: 'Invenio Villas',
  startTime: '2026-06-05T11:00:00.000Z',
  completedAt: null,
  duration: 3_600,
  propertiesProcessed: 30,
  changesDetected: 0,
  newImagesCount: 0,
  calendarUpdates: 0,
  errorCount: 0,
});
const completed = report();
const failed = report({
  id: 11,
  jobType: 'ical-import',
  status: 'failed',
  trigger: 'manual',
  feedId: 7,
  completedAt: '2026-06-05T09:00:01.000Z',
  startTime: '2026-06-05T09:00:00.000Z',
  duration: 800,
  propertiesProcessed: 0,
  changesDetected: 0,
  newImagesCount: 0,
  calendarUpdates: 0,
  errorCount: 1,
  errorMessage: 'The feed answered 404 Not Found',
});
// A status the screen does not know (shown neutrally).
const cancelled = report({
  id: 10,
  jobType: 'airbnb-sync',
  status: 'cancelled',
  trigger: 'api',
  connectionId: 4,
  connectionName: 'Airbnb Alps',
  errorCount: 0,
});

const completedDetail: SyncReport = {
  ...completed,
  propertyChanges: [
    {
      propertyId: 1,
      propertyName: 'Villa Belvedere',
      changeType: 'updated',
      changeDescription: 'Price per night 1,200 → 1,350; 3 new photos',
      newImageCount: 3,
    },
    {
      propertyId: 2,
      propertyName: 'Chalet Étoile',
      changeType: 'unavailable',
      changeDescription: 'No longer listed by the provider',
      newImageCount: 0,
    },
  ],
  errors: [
    { message: 'Photo https://cdn.example/p/9.jpg did not answer as an image', propertyName: 'Casa Lumi' },
  ],
};
const failedDetail: SyncReport = { ...failed, propertyChanges: [], errors: [] };

const baseStats = (over: Partial<SyncStats> = {}): SyncStats => ({
  running: 0,
  last24h: { completed: 8, failed: 1, changes: 17, errors: 2 },
  lastCompletedAt: '2026-06-05T10:00:12.400Z',
  connections: { total: 3, enabled: 2 },
  syncedProperties: 42,
  icalFeeds: { total: 6, failing: 1 },
  ...over,
});

/**
 * A small server answering like the API: the list filtered by status and paged by limit/offset,
 * one report per id, the statistics. `extra` handlers come first.
 */
function serve(
  initial: { reports?: SyncReportSummary[]; stats?: SyncStats; details?: SyncReport[] } = {},
  ...extra: HttpHandler[]
) {
  const state = {
    reports: initial.reports ?? [completed],
    stats: initial.stats ?? baseStats(),
    details: initial.details ?? [],
    /** The query of each list request, in order. */
    listQueries: [] as Array<Record<string, string>>,
  };
  server.use(
    ...extra,
    route('GET /api/admin/sync-stats', () => state.stats),
    route('GET /api/admin/sync-reports', ({ url }) => {
      const query = Object.fromEntries(url.searchParams);
      state.listQueries.push(query);
      const { status, limit = '100', offset = '0' } = query;
      const rows = state.reports.filter((r) => !status || r.status === status);
      return rows.slice(Number(offset), Number(offset) + Number(limit));
    }),
    ...state.details.map((d) => route(`GET /api/admin/sync-reports/${d.id}`, d)),
  );
  const calls = sentRequests();
  const count = (method: string, url: string) =>
    calls.filter((c) => c.method === method && c.url === url).length;
  return { state, calls, count };
}

const row = (id: number) =>
  screen.getByRole('button', { name: new RegExp(`^Details of .* #${id}$`) }).closest('article')!;
/** The value next to a label in a description list. */
const fact = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('SyncMonitoring', () => {
  it('shows the live statistics', async () => {
    serve();
    renderWithProviders(<SyncMonitoring />);
    const region = screen.getByRole('region', { name: 'Live statistics' });
    await within(region).findByText('Running now', { selector: 'dt' });

    expect(fact(region, 'Running now')).toHaveTextContent('0');
    expect(within(region).getByText('Nothing running')).toBeInTheDocument();
    expect(within(fact(region, 'Last completed')).getByText(/2026/)).toHaveAttribute(
      'datetime',
      '2026-06-05T10:00:12.400Z',
    );
    expect(fact(region, 'Connections')).toHaveTextContent('2 / 3');
    expect(fact(region, 'Synced properties')).toHaveTextContent('42');
    expect(fact(region, 'iCal feeds')).toHaveTextContent('6');
    expect(within(region).getByText('1 failing')).toBeInTheDocument();

    const day = within(region).getByRole('region', { name: 'Last 24 hours' });
    expect(fact(day, 'Completed')).toHaveTextContent('8');
    expect(fact(day, 'Failed')).toHaveTextContent('1');
    expect(fact(day, 'Changes')).toHaveTextContent('17');
    expect(fact(day, 'Errors')).toHaveTextContent('2');
  });

  it('lists each run: status, job type, connection, trigger, start, duration in seconds and counts', async () => {
    serve({ reports: [running, completed, failed, cancelled] });
    renderWithProviders(<SyncMonitoring />);
    await screen.findByRole('list', { name: 'Sync jobs' });
    expect(within(screen.getByRole('list', { name: 'Sync jobs' })).getAllByRole('listitem')).toHaveLength(4);

    const done = row(12);
    expect(within(done).getByRole('heading', { name: 'Comprehensive sync' })).toBeInTheDocument();
    expect(within(done).getByText('Completed')).toBeInTheDocument();
    expect(fact(done, 'Trigger')).toHaveTextContent('Scheduled');
    expect(fact(done, 'Duration')).toHaveTextContent(/^12 s$/); // 12,400 ms
    expect(within(fact(done, 'Started')).getByText(/2026/)).toHaveAttribute(
      'datetime',
      '2026-06-05T10:00:00.000Z',
    );
    expect(fact(done, 'Processed')).toHaveTextContent('120');
    expect(fact(done, 'Changes')).toHaveTextContent('2');
    expect(fact(done, 'New images')).toHaveTextContent('3');
    expect(fact(done, 'Calendar updates')).toHaveTextContent('45');
    expect(fact(done, 'Errors')).toHaveTextContent('1');

    // While running the duration is the time elapsed so far.
    const live = row(14);
    expect(within(live).getByRole('heading', { name: 'Invenio connection sync' })).toBeInTheDocument();
    expect(within(live).getByText('Running')).toBeInTheDocument();
    expect(within(live).getByText('Invenio Villas')).toBeInTheDocument();
    expect(fact(live, 'Trigger')).toHaveTextContent('Manual');
    expect(fact(live, 'Duration')).toHaveTextContent('4 s so far');

    const bad = row(11);
    expect(within(bad).getByRole('heading', { name: 'iCal feed import' })).toBeInTheDocument();
    expect(within(bad).getByText('Failed')).toBeInTheDocument();
    expect(within(bad).getByText('Calendar feed #7')).toBeInTheDocument();
    expect(within(bad).getByText('The feed answered 404 Not Found')).toBeInTheDocument();
    expect(fact(bad, 'Duration')).toHaveTextContent(/^1 s$/);

    // An unknown status: its own name, in the neutral tone, never as a success or a failure.
    const odd = row(10);
    const badge = within(odd).getByText('Cancelled');
    expect(badge).toHaveClass('bg-sand');
    expect(badge).not.toHaveClass('text-danger');
    expect(badge).not.toHaveClass('text-success');
    expect(within(odd).queryByText(/^(Completed|Failed|Running)$/)).not.toBeInTheDocument();
    expect(fact(odd, 'Trigger')).toHaveTextContent('Test panel');
  });

  it('opens a report with its fields, per-property changes and errors, and hands focus back on close', async () => {
    const { count } = serve({ reports: [completed, failed], details: [completedDetail] });
    const user = userEvent.setup();
    renderWithProviders(<SyncMonitoring />);
    const details = await screen.findByRole('button', { name: 'Details of Comprehensive sync #12' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);

    const panel = screen.getByRole('region', { name: 'Comprehensive sync' });
    expect(within(panel).getByRole('heading', { name: 'Comprehensive sync' })).toHaveFocus();
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(details).toHaveAttribute('aria-controls', panel.id);

    const changes = await within(panel).findByRole('list', { name: 'Property changes (2)' });
    const items = within(changes).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Villa Belvedere');
    expect(items[0]).toHaveTextContent('Updated');
    expect(items[0]).toHaveTextContent('Price per night 1,200 → 1,350; 3 new photos');
    expect(items[0]).toHaveTextContent('3 new images');
    expect(items[1]).toHaveTextContent('Chalet Étoile');
    expect(items[1]).toHaveTextContent('Unavailable');
    expect(items[1]).not.toHaveTextContent('new image');
    const errors = within(panel).getByRole('list', { name: 'Errors (1)' });
    expect(errors).toHaveTextContent('Casa Lumi');
    expect(errors).toHaveTextContent('Photo https://cdn.example/p/9.jpg did not answer as an image');

    expect(fact(panel, 'Status')).toHaveTextContent('Completed');
    expect(fact(panel, 'Job type')).toHaveTextContent('Comprehensive sync');
    expect(fact(panel, 'Trigger')).toHaveTextContent('Scheduled');
    expect(fact(panel, 'Duration')).toHaveTextContent(/^12 s$/);
    expect(fact(panel, 'Properties processed')).toHaveTextContent('120');
    expect(fact(panel, 'Changes detected')).toHaveTextContent('2');
    expect(fact(panel, 'New images')).toHaveTextContent('3');
    expect(fact(panel, 'Calendar updates')).toHaveTextContent('45');
    expect(within(fact(panel, 'Completed')).getByText(/2026/)).toHaveAttribute(
      'datetime',
      '2026-06-05T10:00:12.400Z',
    );
    expect(count('GET', '/api/admin/sync-reports/12')).toBe(1);

    await user.click(within(panel).getByRole('button', { name: 'Close details' }));
    expect(screen.queryByRole('region', { name: 'Comprehensive sync' })).not.toBeInTheDocument();
    expect(details).toHaveFocus();
    expect(details).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when a report has no changes and no errors, shows why it failed, and closes on Escape', async () => {
    serve({ reports: [completed, failed], details: [failedDetail] });
    const user = userEvent.setup();
    renderWithProviders(<SyncMonitoring />);
    await user.click(await screen.findByRole('button', { name: 'Details of iCal feed import #11' }));
    const panel = screen.getByRole('region', { name: 'iCal feed import' });
    expect(await within(panel).findByText('No changes')).toBeInTheDocument();
    expect(within(panel).getByText('No errors')).toBeInTheDocument();
    expect(within(panel).getByText('Why it failed')).toBeInTheDocument();
    expect(within(panel).getByText('The feed answered 404 Not Found')).toBeInTheDocument();
    expect(fact(panel, 'Feed')).toHaveTextContent('Calendar feed #7');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'iCal feed import' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Details of iCal feed import #11' })).toHaveFocus();
  });

  it('shows the server message when a report cannot be loaded, and retries', async () => {
    let fail = true;
    serve(
      { reports: [completed] },
      route('GET /api/admin/sync-reports/12', () =>
        fail ? apiError(ErrorCode.NOT_FOUND, 'Sync report not found') : completedDetail,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<SyncMonitoring />);
    await user.click(await screen.findByRole('button', { name: 'Details of Comprehensive sync #12' }));
    const panel = screen.getByRole('region', { name: 'Comprehensive sync' });
    expect(await within(panel).findByText('Sync report not found')).toBeInTheDocument();
    // The row's figures stay readable meanwhile.
    expect(fact(panel, 'Properties processed')).toHaveTextContent('120');

    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Villa Belvedere')).toBeInTheDocument();
    expect(within(panel).queryByText('Sync report not found')).not.toBeInTheDocument();
  });

  it('runs a comprehensive sync: Sync Triggered, then the list shows the new run as running', async () => {
    const newRun = report({
      id: 15,
      status: 'running',
      trigger: 'manual',
      startTime: '2026-06-05T12:00:00.000Z',
      completedAt: null,
      duration: 200,
      propertiesProcessed: 0,
      changesDetected: 0,
      newImagesCount: 0,
      calendarUpdates: 0,
      errorCount: 0,
    });
    const api = serve(
      { reports: [completed] },
      route('POST /api/admin/trigger-comprehensive-sync', () => {
        api.state.reports = [newRun, ...api.state.reports];
        api.state.stats = baseStats({ running: 1 });
        const started: SyncStarted = { reportId: 15, status: 'running', message: 'Sync Triggered' };
        return started;
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SyncMonitoring />);
    await screen.findByRole('button', { name: 'Details of Comprehensive sync #12' });
    expect(within(screen.getByRole('list', { name: 'Sync jobs' })).queryByText('Running')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Run Comprehensive Sync' }));
    expect(await screen.findByText('Sync Triggered')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Details of Comprehensive sync #15' });
    expect(within(row(15)).getByText('Running')).toBeInTheDocument();
    expect(fact(row(15), 'Duration')).toHaveTextContent('0 s so far');
    await waitFor(() =>
      expect(fact(screen.getByRole('region', { name: 'Live statistics' }), 'Running now')).toHaveTextContent(
        '1',
      ),
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/trigger-comprehensive-sync', body: undefined },
    ]);
    expect(api.count('GET', '/api/admin/sync-reports')).toBe(2);
    expect(api.count('GET', '/api/admin/sync-stats')).toBe(2);
    expect(screen.getByRole('button', { name: 'Run Comprehensive Sync' })).toBeEnabled();
  });

  it.each([
    ['the server message', 'A comprehensive sync is already running. Wait for it to finish.'],
    // No answer at all (the network failed): the catalogue's fallback.
    ['the fallback', 'Failed to trigger sync'],
  ])('shows Sync Failed with %s when the sync cannot start', async (_, message) => {
    serve(
      { reports: [completed] },
      route('POST /api/admin/trigger-comprehensive-sync', () =>
        message === 'Failed to trigger sync'
          ? networkError()
          : apiError(ErrorCode.SYNC_RUNNING, message, { details: { reportId: 9 } }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<SyncMonitoring />);
    await screen.findByRole('button', { name: 'Details of Comprehensive sync #12' });
    await user.click(screen.getByRole('button', { name: 'Run Comprehensive Sync' }));
    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Sync Triggered')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run Comprehensive Sync' })).toBeEnabled());
  });

  it('says where syncs come from when there is none yet', async () => {
    serve({ reports: [], stats: baseStats({ lastCompletedAt: null }) });
    renderWithProviders(<SyncMonitoring />);
    expect(await screen.findByText('No sync reports yet')).toBeInTheDocument();
    expect(
      screen.getByText(/Syncs appear here after a connection syncs or a calendar feed runs/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sync jobs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Live statistics' });
    expect(fact(region, 'Last completed')).toHaveTextContent('Never');
  });

  it('says the reports could not be loaded and tries again', async () => {
    let fail = true;
    serve(
      { reports: [completed] },
      route('GET /api/admin/sync-reports', () =>
        fail ? apiError(ErrorCode.INTERNAL, 'Internal server error') : [completed],
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<SyncMonitoring />);
    expect(await screen.findByText('Failed to load sync reports.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('button', { name: 'Details of Comprehensive sync #12' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to load sync reports.')).not.toBeInTheDocument();
  });

  it('pages with Show more (limit/offset) and filters by status on the server', async () => {
    const many = Array.from({ length: SYNC_REPORTS_PAGE_SIZE + 5 }, (_, i) =>
      report({ id: 100 - i, status: i % 5 === 4 ? 'failed' : 'completed' }),
    );
    const { state } = serve({ reports: many });
    const user = userEvent.setup();
    renderWithProviders(<SyncMonitoring />);
    const list = await screen.findByRole('list', { name: 'Sync jobs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(SYNC_REPORTS_PAGE_SIZE);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Sync jobs' })).getAllByRole('listitem')).toHaveLength(
        SYNC_REPORTS_PAGE_SIZE + 5,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(state.listQueries).toEqual([
      { limit: String(SYNC_REPORTS_PAGE_SIZE) },
      { limit: String(SYNC_REPORTS_PAGE_SIZE), offset: String(SYNC_REPORTS_PAGE_SIZE) },
    ]);

    await user.click(screen.getByRole('tab', { name: 'Failed' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Sync jobs' })).getAllByRole('listitem')).toHaveLength(
        5,
      ),
    );
    expect(state.listQueries.at(-1)).toEqual({
      limit: String(SYNC_REPORTS_PAGE_SIZE),
      status: 'failed',
    });
    expect(screen.queryByText('Completed', { selector: 'article span' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Running' }));
    expect(await screen.findByText('No sync is running')).toBeInTheDocument();
    expect(state.listQueries.at(-1)?.status).toBe('running');
  });

  it('refetches the list and statistics every 2.5 s while a sync runs, then every 30 s', async () => {
    // Only intervals are faked: the refetch timers. Everything else (fetch, React) runs for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { state, count } = serve({ reports: [running, completed], stats: baseStats({ running: 1 }) });
    renderWithProviders(<SyncMonitoring />);
    await screen.findByRole('button', { name: 'Details of Invenio connection sync #14' });
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const lists = () => count('GET', '/api/admin/sync-reports');
    const stats = () => count('GET', '/api/admin/sync-stats');
    expect([lists(), stats()]).toEqual([1, 1]);

    // Progress: the counters and the elapsed time move.
    state.reports = [{ ...running, duration: 6_100, propertiesProcessed: 60 }, completed];
    await tick(SYNC_RUNNING_REFETCH_MS);
    await waitFor(() => expect(fact(row(14), 'Duration')).toHaveTextContent('6 s so far'));
    expect(fact(row(14), 'Processed')).toHaveTextContent('60');
    expect([lists(), stats()]).toEqual([2, 2]);

    // The run ends.
    state.reports = [
      { ...running, status: 'completed', duration: 9_000, completedAt: '2026-06-05T11:00:09.000Z' },
      completed,
    ];
    state.stats = baseStats({ running: 0 });
    await tick(SYNC_RUNNING_REFETCH_MS);
    await waitFor(() => expect(within(row(14)).getByText('Completed')).toBeInTheDocument());
    expect(fact(row(14), 'Duration')).toHaveTextContent(/^9 s$/);
    await waitFor(() =>
      expect(fact(screen.getByRole('region', { name: 'Live statistics' }), 'Running now')).toHaveTextContent(
        '0',
      ),
    );
    expect([lists(), stats()]).toEqual([3, 3]);

    // Nothing runs any more: back to every 30 s.
    await tick(SYNC_RUNNING_REFETCH_MS);
    expect([lists(), stats()]).toEqual([3, 3]);
    await tick(SYNC_REPORTS_REFETCH_MS - SYNC_RUNNING_REFETCH_MS);
    expect([lists(), stats()]).toEqual([4, 4]);
  });
});
