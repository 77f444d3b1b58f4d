import { ErrorCode, type AdminUsersSummary, type CurrentUser, type User } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HttpHandler } from 'msw';
import {
  apiError,
  networkError,
  route,
  sentRequests,
  server,
  type SentRequest,
} from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { AdminUsers } from './admin-users';

const me: CurrentUser = {
  id: 1,
  firstName: 'Olivia',
  lastName: 'Admin',
  name: 'Olivia Admin',
  email: 'olivia@villas.example',
  company: 'Villas HQ',
  role: 'admin',
  approved: true,
};

const user = (over: Partial<User> = {}): User => ({
  id: 7,
  email: 'sophie@azure.example',
  firstName: 'Sophie',
  lastName: 'Laurent',
  company: 'Azure Voyages',
  agentLicense: 'ABTA-P1234',
  phone: '+33 6 12 34 56 78',
  approved: true,
  role: 'agent',
  createdAt: '2026-03-01T09:00:00.000Z',
  ...over,
});

const olivia = user({
  id: 1,
  email: me.email,
  firstName: 'Olivia',
  lastName: 'Admin',
  company: 'Villas HQ',
  role: 'admin',
  agentLicense: null,
  phone: null,
  createdAt: '2025-11-20T09:00:00.000Z',
});
const pia = user({
  id: 9,
  email: 'pia@alpine.example',
  firstName: 'Pia',
  lastName: 'Keller',
  company: 'Alpine Escapes',
  agentLicense: null,
  phone: null,
  approved: false,
  createdAt: '2026-04-02T09:00:00.000Z',
});

/** A small server: lists and counts filtered the way the API does. `extra` handlers come first. */
function serve(initial: User[], ...extra: HttpHandler[]) {
  let all = initial;
  const matches = (u: User, q: string | null) =>
    !q ||
    [u.firstName, u.lastName, u.email, u.company, u.agentLicense ?? ''].some((v) =>
      v.toLowerCase().includes(q.toLowerCase()),
    );
  server.use(
    ...extra,
    route('GET /api/auth/user', me),
    route('GET /api/admin/users', ({ url }) => {
      const q = url.searchParams.get('q');
      const pending = url.searchParams.get('status') === 'pending';
      return all.filter((u) => matches(u, q) && (pending ? !u.approved : u.approved));
    }),
    route('GET /api/admin/users/summary', ({ url }) => {
      const list = all.filter((u) => matches(u, url.searchParams.get('q')));
      const summary: AdminUsersSummary = {
        total: list.length,
        active: list.filter((u) => u.approved).length,
        pending: list.filter((u) => !u.approved).length,
      };
      return summary;
    }),
  );
  return {
    calls: sentRequests(),
    set: (next: User[]) => {
      all = next;
    },
    get all() {
      return all;
    },
  };
}

const setup = () => userEvent.setup({ delay: null });
const writes = (calls: readonly SentRequest[]) => calls.filter((c) => c.method !== 'GET');

describe('AdminUsers', { timeout: 20_000 }, () => {
  it('shows the counts and each active account as a card with its details', async () => {
    serve([user(), olivia, pia]);
    renderWithProviders(<AdminUsers />);
    const card = await screen.findByRole('article', { name: 'Sophie Laurent' });
    expect(within(card).getByText('Approved')).toBeInTheDocument();
    expect(within(card).getByText('Agent')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'sophie@azure.example' })).toHaveAttribute(
      'href',
      'mailto:sophie@azure.example',
    );
    expect(within(card).getByText('Azure Voyages')).toBeInTheDocument();
    expect(within(card).getByText('ABTA-P1234')).toBeInTheDocument();
    expect(within(card).getByText('+33 6 12 34 56 78')).toBeInTheDocument();
    expect(within(card).getByText('March 1, 2026')).toBeInTheDocument();
    expect(within(card).getByText(/Joined/)).toBeInTheDocument();

    const mine = screen.getByRole('article', { name: 'Olivia Admin' });
    expect(within(mine).getByText('Admin')).toBeInTheDocument();
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).getAllByText('Not provided')).toHaveLength(2);
    // An admin never deletes their own account.
    expect(within(mine).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Pia Keller' })).not.toBeInTheDocument();

    const counts = screen.getByRole('group', { name: 'User counts' });
    expect(within(counts).getByText('Total').nextSibling).toHaveTextContent('3');
    expect(within(counts).getByText('Active').nextSibling).toHaveTextContent('2');
    expect(within(counts).getByText('Pending').nextSibling).toHaveTextContent('1');
    expect(screen.getByRole('tab', { name: 'Active Users (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Pending Approval (1)' })).toBeInTheDocument();
  });

  it('approves an application with only {approved: true}', async () => {
    const api = serve(
      [user(), pia],
      route('PUT /api/admin/users/9', ({ body }) => {
        api.set(api.all.map((u) => (u.id === 9 ? { ...u, ...(body as object) } : u)));
        return { ...pia, approved: true };
      }),
    );
    const u = setup();
    renderWithProviders(<AdminUsers />);
    await u.click(await screen.findByRole('tab', { name: /Pending Approval/ }));
    const card = await screen.findByRole('article', { name: 'Pia Keller' });
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).getByText(/Applied/)).toHaveTextContent('Applied April 2, 2026');
    expect(api.calls.some((c) => c.query.get('status') === 'pending')).toBe(true);

    await u.click(within(card).getByRole('button', { name: 'Approve Pia Keller' }));
    expect(await screen.findByText('Pia Keller approved — they can now sign in')).toBeInTheDocument();
    expect(screen.queryByText('user updated successfully')).not.toBeInTheDocument();
    expect(writes(api.calls)).toEqual([
      { method: 'PUT', url: '/api/admin/users/9', body: { approved: true } },
    ]);
    expect(await screen.findByText('No pending applications')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Active Users (2)' })).toBeInTheDocument();
  });

  it('rejects only after a confirmation that says the account is permanently deleted', async () => {
    const api = serve(
      [pia],
      route('DELETE /api/admin/users/9', () => {
        api.set([]);
        return { ok: true };
      }),
    );
    const u = setup();
    renderWithProviders(<AdminUsers />);
    await u.click(await screen.findByRole('tab', { name: /Pending Approval/ }));
    const opener = await screen.findByRole('button', { name: 'Reject Pia Keller' });

    await u.click(opener);
    let confirm = await screen.findByRole('alertdialog', { name: 'Reject Pia Keller?' });
    expect(confirm).toHaveTextContent(
      'Rejection permanently deletes the account of Pia Keller (pia@alpine.example).',
    );
    await u.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    expect(writes(api.calls)).toEqual([]);

    await u.click(opener);
    confirm = await screen.findByRole('alertdialog', { name: 'Reject Pia Keller?' });
    expect(writes(api.calls)).toEqual([]);
    await u.click(within(confirm).getByRole('button', { name: 'Reject and delete' }));
    expect(await screen.findByText('user deleted successfully')).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([{ method: 'DELETE', url: '/api/admin/users/9', body: undefined }]);
    expect(await screen.findByText('No pending applications')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it("deletes after confirming and shows the server's refusal, such as the last administrator", async () => {
    const other = user({
      id: 3,
      firstName: 'Marco',
      lastName: 'Rossi',
      role: 'admin',
      email: 'marco@x.example',
    });
    const api = serve(
      [user(), other],
      route(
        'DELETE /api/admin/users/3',
        apiError(ErrorCode.CONFLICT, 'At least one administrator must remain'),
      ),
      route('DELETE /api/admin/users/7', networkError()),
    );
    const u = setup();
    renderWithProviders(<AdminUsers />);
    await u.click(await screen.findByRole('button', { name: 'Delete Marco Rossi' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Marco Rossi?' });
    expect(writes(api.calls)).toEqual([]);
    await u.click(within(confirm).getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('At least one administrator must remain')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Marco Rossi' })).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await u.click(screen.getByRole('button', { name: 'Delete Sophie Laurent' }));
    await u.click(await screen.findByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
  });

  it('edits an account: a blank password is not sent, a new one is; required fields are checked first', async () => {
    const api = serve(
      [user()],
      route('PUT /api/admin/users/7', ({ body }) => ({ ...user(), ...(body as object) })),
    );
    const u = setup();
    renderWithProviders(<AdminUsers />);
    const opener = await screen.findByRole('button', { name: 'Edit Sophie Laurent' });
    await u.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Edit Sophie Laurent' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('sophie@azure.example');
    expect(within(dialog).getByLabelText('New password')).toHaveValue('');
    expect(within(dialog).getByRole('checkbox', { name: 'Approved' })).toBeChecked();

    await u.clear(within(dialog).getByLabelText('First name'));
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);

    await u.type(within(dialog).getByLabelText('First name'), 'Sophia');
    await u.clear(within(dialog).getByLabelText('Phone'));
    await u.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await u.click(await screen.findByRole('option', { name: 'Admin' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('user updated successfully')).toBeInTheDocument();
    expect(writes(api.calls)[0]!.body).toEqual({
      email: 'sophie@azure.example',
      firstName: 'Sophia',
      lastName: 'Laurent',
      company: 'Azure Voyages',
      agentLicense: 'ABTA-P1234',
      phone: null,
      approved: true,
      role: 'admin',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await u.click(opener);
    dialog = await screen.findByRole('dialog', { name: 'Edit Sophie Laurent' });
    await u.type(within(dialog).getByLabelText('New password'), 'brand-new-pass');
    await u.click(within(dialog).getByRole('checkbox', { name: 'Approved' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(writes(api.calls)).toHaveLength(2));
    expect(writes(api.calls)[1]!.body).toMatchObject({ password: 'brand-new-pass', approved: false });
  });

  it("shows 'Failed to update user' or the server's message when a save fails; own role and approval are locked", async () => {
    serve(
      [olivia, user()],
      route(
        'PUT /api/admin/users/7',
        apiError(ErrorCode.EMAIL_TAKEN, 'An account with this email already exists'),
      ),
      route('PUT /api/admin/users/1', networkError()),
    );
    const u = setup();
    renderWithProviders(<AdminUsers />);
    await u.click(await screen.findByRole('button', { name: 'Edit Sophie Laurent' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Sophie Laurent' });
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await u.click(screen.getByRole('button', { name: 'Edit Olivia Admin' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Olivia Admin' });
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Approved' })).toBeDisabled();
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update user')).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, for the list and the counts', async () => {
    const api = serve([user(), olivia, pia]);
    const u = setup();
    renderWithProviders(<AdminUsers />);
    await screen.findByRole('article', { name: 'Sophie Laurent' });
    const box = screen.getByRole('searchbox', { name: 'Search users by name, email, company or license' });

    await u.type(box, 'AZURE');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Olivia Admin' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Sophie Laurent' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Active Users (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending Approval (0)' })).toBeInTheDocument();
    // The overall counts do not change with the search.
    const counts = screen.getByRole('group', { name: 'User counts' });
    expect(within(counts).getByText('Total').nextSibling).toHaveTextContent('3');
    // One request per settled search, not one per keystroke.
    const lists = api.calls.filter((c) => c.url === '/api/admin/users').map((c) => c.query.get('q'));
    expect(lists).toEqual([null, 'AZURE']);
    const summaries = api.calls
      .filter((c) => c.url === '/api/admin/users/summary')
      .map((c) => c.query.get('q'));
    expect(summaries).toEqual([null, 'AZURE']);

    await u.clear(box);
    await u.type(box, 'nobody');
    expect(await screen.findByText('No users match “nobody”')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('article', { name: 'Olivia Admin' })).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('shows the empty states of both tabs', async () => {
    serve([]);
    const u = setup();
    renderWithProviders(<AdminUsers />);
    expect(await screen.findByText('No active users yet')).toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: /Pending Approval/ }));
    expect(await screen.findByText('No pending applications')).toBeInTheDocument();
  });
});
