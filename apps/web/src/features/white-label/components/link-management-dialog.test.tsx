import { ErrorCode, type CurrentUser, type WhiteLabelInquiry, type WhiteLabelLink } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { optionsSearch } from '../testing/options-search';
import { LinkManagementDialog } from './link-management-dialog';

const me: CurrentUser = {
  id: 5,
  firstName: 'Sophie',
  lastName: 'Laurent',
  name: 'Sophie Laurent',
  email: 'sophie@azure-voyages.test',
  company: 'Azure Voyages',
  role: 'agent',
  approved: true,
};

const link = (over: Partial<WhiteLabelLink> = {}): WhiteLabelLink => ({
  id: 21,
  uuid: 'f00d-1',
  title: 'Azure Voyages - Sophie Laurent',
  description: null,
  agentName: 'Sophie Laurent',
  agentEmail: 'sophie@azure-voyages.test',
  companyName: 'Azure Voyages',
  propertyIds: [1, 2, 3, 4, 5],
  propertyNames: ['Villa Aurora', 'Chalet Blanc', 'Villa Serena', 'Casa Mare', 'Villa Luce'],
  searchFilters: null,
  isActive: true,
  expiresAt: null,
  createdAt: '2026-02-01T09:00:00.000Z',
  viewCount: 4,
  currency: 'EUR',
  markupType: 'none',
  markupValue: 0,
  ...over,
});

const inquiry: WhiteLabelInquiry = {
  id: 31,
  linkId: 21,
  linkTitle: 'Azure Voyages - Sophie Laurent',
  name: 'Ana Martin',
  email: 'ana@example.com',
  phone: '+33 6 12 34 56 78',
  propertyId: 1,
  propertyName: 'Villa Aurora',
  checkInDate: '2026-07-04',
  checkOutDate: '2026-07-11',
  guests: 6,
  message: 'Is a chef available?',
  status: 'pending',
  createdAt: '2026-03-01T12:00:00.000Z',
};

const property = (id: number, name: string) => ({
  id,
  name,
  location: 'Saint-Tropez, France',
  region: null,
  subregion: null,
});

async function open() {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'White-label Link Management' }));
  const dialog = await screen.findByRole('dialog', { name: 'White-label Link Management' });
  return { user, dialog };
}

// Typing whole forms is slow on a busy machine: allow more than the default 5 s.
describe('LinkManagementDialog', { timeout: 20_000 }, () => {
  it("shows the first 3 villa names then '+N more', copies the absolute link and deletes after confirming", async () => {
    let links = [link()];
    server.use(
      route('GET /api/white-label/agent/5', () => links),
      route('DELETE /api/white-label/21', () => {
        links = [];
        return { ok: true };
      }),
    );
    const calls = sentRequests();
    renderWithProviders(<LinkManagementDialog agentId={5} />);
    const { user, dialog } = await open();

    const villas = await within(dialog).findByRole('list', { name: 'Villas in this link' });
    expect(
      within(villas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Villa Aurora', 'Chalet Blanc', 'Villa Serena', '+2 more']);

    await user.click(
      within(dialog).getByRole('button', { name: 'Copy link to Azure Voyages - Sophie Laurent' }),
    );
    // user-event provides the clipboard: read back what was written.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/white-label/f00d-1`);
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete Azure Voyages - Sophie Laurent' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this link?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete link' }));
    expect(await screen.findByText('White-label link deleted successfully')).toBeInTheDocument();
    expect(await within(dialog).findByText('No links yet')).toBeInTheDocument();
  });

  it("shows each link's price, offers a live link's brochure, and edits the price", async () => {
    let links = [
      link({ currency: 'GBP', markupType: 'percent', markupValue: 10 }),
      link({ id: 23, uuid: 'f00d-3', title: 'Alpine Escapes - Winter', isActive: false }),
    ];
    server.use(
      route('GET /api/white-label/agent/5', () => links),
      route('GET /api/auth/user', me),
      optionsSearch([property(1, 'Villa Aurora')]),
      route('POST /api/white-label/price-preview', ({ body }) => ({
        stay: null,
        villas: [
          {
            propertyId: 1,
            name: 'Villa Aurora',
            villaCurrency: 'EUR',
            missingRate: false,
            price: {
              amount: (body as { markupType: string }).markupType === 'fixed' ? 9_140 : 9_735,
              currency: 'GBP',
              basis: 'week',
              nights: null,
            },
          },
        ],
      })),
      route('PATCH /api/white-label/21', ({ body }) => {
        links = [{ ...links[0]!, ...(body as object) }, links[1]!];
        return links[0]!;
      }),
    );
    const calls = sentRequests();
    renderWithProviders(<LinkManagementDialog agentId={5} />);
    const { user, dialog } = await open();
    const [live, inactive] = await within(dialog).findAllByRole('article');
    expect(within(live!).getByText('Prices in GBP · +10%')).toBeInTheDocument();
    expect(within(inactive!).getByText('No prices shown')).toBeInTheDocument();
    expect(within(live!).getByRole('link', { name: /Download brochure/ })).toHaveAttribute(
      'href',
      '/api/white-label/f00d-1/brochure.pdf',
    );
    // An inactive link answers 'not found' to everyone: no brochure to offer.
    expect(within(inactive!).queryByRole('link', { name: /Download brochure/ })).not.toBeInTheDocument();

    await user.click(within(live!).getByRole('button', { name: 'Edit Azure Voyages - Sophie Laurent' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Link' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Azure Voyages - Sophie Laurent');
    expect(within(form).getByLabelText('Markup (%)')).toHaveValue('10');
    expect(await within(form).findByText('£9,735 per week for Villa Aurora')).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Markup' }));
    await user.click(await screen.findByRole('option', { name: 'Fixed amount' }));
    await user.type(within(form).getByLabelText('Amount (£)'), '500');
    expect(await within(form).findByText('£9,140 per week for Villa Aurora')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('White-label link updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      title: 'Azure Voyages - Sophie Laurent',
      propertyIds: [1, 2, 3, 4, 5],
      currency: 'GBP',
      markupType: 'fixed',
      markupValue: 500,
    });
    expect(await within(dialog).findByText('Prices in GBP · +£500 per week')).toBeInTheDocument();
  });

  it('tells the agent when a delete fails', async () => {
    server.use(
      route('GET /api/white-label/agent/5', [link()]),
      route('DELETE /api/white-label/21', apiError(ErrorCode.NOT_FOUND, 'Link not found')),
    );
    renderWithProviders(<LinkManagementDialog agentId={5} />);
    const { user, dialog } = await open();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Delete Azure Voyages - Sophie Laurent' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete link' }));
    expect(await screen.findByText('Failed to delete white-label link')).toBeInTheDocument();
  });

  it('creates a link with each property added only once and the agent prefilled', async () => {
    server.use(
      route('GET /api/white-label/agent/5', []),
      route('GET /api/auth/user', me),
      optionsSearch([property(1, 'Villa Aurora'), property(2, 'Chalet Blanc'), property(3, 'Villa Serena')]),
      route('POST /api/white-label', link({ id: 22, uuid: 'f00d-2' })),
      route('POST /api/white-label/price-preview', { stay: null, villas: [] }),
    );
    const calls = sentRequests();
    renderWithProviders(<LinkManagementDialog agentId={5} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getAllByRole('button', { name: 'Create New Link' })[0]!);
    const form = await screen.findByRole('dialog', { name: 'Create New Link' });

    await waitFor(() => expect(within(form).getByLabelText('Agent name')).toHaveValue('Sophie Laurent'));
    expect(within(form).getByLabelText('Agent email')).toHaveValue('sophie@azure-voyages.test');

    // Nothing chosen yet: the form explains instead of posting.
    await user.type(within(form).getByLabelText('Title'), 'Summer 2026');
    await user.click(within(form).getByRole('button', { name: 'Create Link' }));
    expect(
      await within(form).findByText('Please select at least one property to create a white-label link'),
    ).toBeInTheDocument();

    const serena = await within(form).findByRole('checkbox', { name: /^Villa Serena/ });
    await user.click(serena);
    // Chosen once: a checkbox, now checked, and the villa listed as selected.
    expect(serena).toBeChecked();
    await user.type(within(form).getByLabelText('Properties'), 'aurora');
    // The server answers the typed text after a pause.
    await waitFor(() =>
      expect(within(form).queryByRole('checkbox', { name: /^Chalet Blanc/ })).not.toBeInTheDocument(),
    );
    await user.click(within(form).getByRole('checkbox', { name: /^Villa Aurora/ }));
    const chips = within(form).getByRole('list', { name: 'Selected (2)' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Villa Serena', 'Villa Aurora']);
    // Removable from the selected list, and chosen again with the keyboard.
    await user.click(within(chips).getByRole('button', { name: 'Remove Villa Aurora' }));
    const aurora = within(form).getByRole('checkbox', { name: /^Villa Aurora/ });
    expect(aurora).not.toBeChecked();
    aurora.focus();
    await user.keyboard(' ');
    expect(aurora).toBeChecked();

    await user.click(within(form).getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('White-label link created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/white-label')?.body).toEqual({
      title: 'Summer 2026',
      description: null,
      agentId: 5,
      agentName: 'Sophie Laurent',
      agentEmail: 'sophie@azure-voyages.test',
      propertyIds: [3, 1],
      isActive: true,
      currency: 'EUR',
      markupType: 'none',
      markupValue: 0,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create New Link' })).not.toBeInTheDocument(),
    );
    // The links list was refreshed after the create.
    expect(calls.filter((c) => c.url === '/api/white-label/agent/5').length).toBeGreaterThanOrEqual(2);
  });

  it("gives focus back to 'Create New Link' on Cancel, and to the new link's card once created", async () => {
    let links = [link()];
    server.use(
      route('GET /api/white-label/agent/5', () => links),
      route('GET /api/auth/user', me),
      optionsSearch([property(1, 'Villa Aurora')]),
      route('POST /api/white-label', () => {
        const made = link({ id: 22, uuid: 'f00d-2', title: 'Summer 2026', propertyNames: ['Villa Aurora'] });
        links = [made, ...links];
        return made;
      }),
    );
    renderWithProviders(<LinkManagementDialog agentId={5} />);
    const { user, dialog } = await open();
    await within(dialog).findByRole('group', { name: 'Azure Voyages - Sophie Laurent' });
    const opener = within(dialog).getByRole('button', { name: 'Create New Link' });

    await user.click(opener);
    let form = await screen.findByRole('dialog', { name: 'Create New Link' });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    form = await screen.findByRole('dialog', { name: 'Create New Link' });
    await waitFor(() => expect(within(form).getByLabelText('Agent name')).toHaveValue('Sophie Laurent'));
    await user.type(within(form).getByLabelText('Title'), 'Summer 2026');
    await user.click(await within(form).findByRole('checkbox', { name: /^Villa Aurora/ }));
    await user.click(within(form).getByRole('button', { name: 'Create Link' }));

    const card = await within(dialog).findByRole('group', { name: 'Summer 2026' });
    await waitFor(() => expect(card).toHaveFocus());
    expect(within(card).getByRole('button', { name: 'Copy link to Summer 2026' })).toBeInTheDocument();
  });

  it('shows the create failure text', async () => {
    server.use(
      route('GET /api/white-label/agent/5', []),
      route('GET /api/auth/user', me),
      optionsSearch([property(1, 'Villa Aurora')]),
      route('POST /api/white-label', apiError(ErrorCode.INTERNAL, 'Internal error')),
    );
    renderWithProviders(<LinkManagementDialog agentId={5} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getAllByRole('button', { name: 'Create New Link' })[0]!);
    const form = await screen.findByRole('dialog', { name: 'Create New Link' });
    await user.type(within(form).getByLabelText('Title'), 'Summer');
    await user.click(await within(form).findByRole('checkbox', { name: /^Villa Aurora/ }));
    await user.click(within(form).getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Failed to create white-label link')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Link' })).toBeInTheDocument();
  });

  it("puts the server's refusal under the fields it names", async () => {
    server.use(
      route('GET /api/white-label/agent/5', []),
      route('GET /api/auth/user', me),
      optionsSearch([property(1, 'Villa Aurora')]),
      route(
        'POST /api/white-label',
        apiError(ErrorCode.VALIDATION_FAILED, 'Title must be at most 200 characters', {
          issues: [
            { path: ['title'], message: 'Title must be at most 200 characters' },
            { path: ['currency'], message: 'Currency must be EUR, USD, GBP or CHF' },
          ],
          requestId: 'req-1',
        }),
      ),
    );
    renderWithProviders(<LinkManagementDialog agentId={5} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getAllByRole('button', { name: 'Create New Link' })[0]!);
    const form = await screen.findByRole('dialog', { name: 'Create New Link' });
    await user.type(within(form).getByLabelText('Title'), 'Summer');
    await user.click(await within(form).findByRole('checkbox', { name: /^Villa Aurora/ }));
    await user.click(within(form).getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Failed to create white-label link')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription(
      'Title must be at most 200 characters',
    );
    expect(within(form).getByText('Currency must be EUR, USD, GBP or CHF')).toBeInTheDocument();
  });

  it('lists inquiries and changes a status with a PUT', async () => {
    let current = inquiry;
    server.use(
      route('GET /api/white-label/agent/5', []),
      route('GET /api/white-label-inquiries/agent/5', () => [current]),
      route('PUT /api/white-label-inquiries/31', ({ body }) => {
        current = { ...current, status: (body as { status: WhiteLabelInquiry['status'] }).status };
        return current;
      }),
    );
    const calls = sentRequests();
    renderWithProviders(<LinkManagementDialog agentId={5} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('tab', { name: 'Inquiries' }));

    expect(await within(dialog).findByRole('heading', { name: 'Ana Martin' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute(
      'href',
      'mailto:ana@example.com',
    );
    expect(within(dialog).getByText('July 4, 2026 – July 11, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Is a chef available?')).toBeInTheDocument();
    expect(within(dialog).getByText('Pending', { selector: 'span.rounded-full' })).toHaveClass(
      'text-[#6b5209]',
    );

    await user.click(within(dialog).getByRole('combobox', { name: 'Status of the inquiry from Ana Martin' }));
    await user.click(await screen.findByRole('option', { name: 'Contacted' }));
    expect(await screen.findByText('Inquiry status updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/white-label-inquiries/31',
      body: { status: 'contacted' },
    });
    await waitFor(() =>
      expect(within(dialog).getByText('Contacted', { selector: 'span.rounded-full' })).toHaveClass(
        'text-[#1f4f86]',
      ),
    );
  });

  it('reports a failed status change', async () => {
    server.use(
      route('GET /api/white-label/agent/5', []),
      route('GET /api/white-label-inquiries/agent/5', [inquiry]),
      route('PUT /api/white-label-inquiries/31', apiError(ErrorCode.NOT_FOUND, 'Not found')),
    );
    renderWithProviders(<LinkManagementDialog agentId={5} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('tab', { name: 'Inquiries' }));
    await user.click(
      await within(dialog).findByRole('combobox', { name: 'Status of the inquiry from Ana Martin' }),
    );
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    expect(await screen.findByText('Failed to update inquiry status')).toBeInTheDocument();
  });
});
