import { ErrorCode, AUDIT_LOG_PAGE_SIZE, type AuditEntry, type AuditLogPage } from '@villas/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { AuditLog } from './audit-log';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 40,
  at: '2026-06-05T10:00:00.000Z',
  actorId: 1,
  actorEmail: 'admin@villas.test',
  action: 'user.approve',
  targetType: 'user',
  targetId: '7',
  summary: {
    approved: true,
    password: '[redacted]',
    targetEmail: 'ana@agency.test',
    before: { approved: false, role: 'agent' },
  },
  statusCode: 200,
  ...over,
});

const page = (items: AuditEntry[], hasMore: boolean): AuditLogPage => ({ items, hasMore });

describe('AuditLog', () => {
  it('lists who did what and when, with the redacted fields behind Details', async () => {
    server.use(
      route(
        'GET /api/admin/audit-log',
        page(
          [
            entry(),
            entry({
              id: 39,
              action: 'pricing.bulk',
              targetType: 'property',
              targetId: '12',
              summary: { propertyId: 12, ranges: [{ from: '2031-07-01', to: '2031-07-04', price: 500 }] },
            }),
          ],
          false,
        ),
      ),
    );
    const calls = sentRequests();
    renderWithProviders(<AuditLog />);
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const approved = within(list).getByRole('article', { name: 'Approved user' });
    expect(within(approved).getByText('admin@villas.test')).toBeInTheDocument();
    expect(within(approved).getByText('User #7 (ana@agency.test)')).toBeInTheDocument();
    expect(within(approved).getByText('[redacted]')).toBeInTheDocument();
    expect(approved.querySelector('time')).toHaveAttribute('dateTime', '2026-06-05T10:00:00.000Z');
    const prices = within(list).getByRole('article', { name: 'Changed prices' });
    expect(within(prices).getByText('Property #12')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/admin/audit-log');
  });

  it('fetches the next page with Show more', async () => {
    let n = 0;
    const first = Array.from({ length: AUDIT_LOG_PAGE_SIZE }, (_, i) => entry({ id: 1000 - i }));
    server.use(
      route('GET /api/admin/audit-log', () => {
        n += 1;
        return n === 1
          ? page(first, true)
          : page([entry({ id: 5, action: 'property.delete', targetType: 'property' })], false);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AuditLog />);
    const list = await screen.findByRole('list', { name: 'Audit log' });
    expect(within(list).getAllByRole('article')).toHaveLength(AUDIT_LOG_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Deleted property' })).toBeInTheDocument();
    expect(within(list).getAllByRole('article')).toHaveLength(AUDIT_LOG_PAGE_SIZE + 1);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(n).toBe(2);
  });

  it('says so when nothing is recorded yet', async () => {
    server.use(route('GET /api/admin/audit-log', page([], false)));
    renderWithProviders(<AuditLog />);
    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
  });

  it('offers a retry when the log cannot be loaded', async () => {
    server.use(route('GET /api/admin/audit-log', apiError(ErrorCode.INTERNAL, 'Boom')));
    renderWithProviders(<AuditLog />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Failed to load the audit log.')).toBeInTheDocument();
  });
});
