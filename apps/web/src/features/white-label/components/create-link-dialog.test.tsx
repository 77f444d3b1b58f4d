import { ErrorCode, type CurrentUser, type LinkPricePreview, type WhiteLabelLink } from '@villas/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, route, sentRequests, server, type SentRequest } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { CreateLinkDialog } from './create-link-dialog';

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

/** The price preview the dialog asks for: the server's own figure, answered for any settings. */
const previewAnswer: LinkPricePreview = {
  stay: null,
  villas: [
    {
      propertyId: 3,
      name: 'Villa Aurora',
      villaCurrency: 'EUR',
      missingRate: false,
      price: { amount: 9735, currency: 'GBP', basis: 'week', nights: null },
    },
    {
      propertyId: 8,
      name: 'Casa Lumi',
      villaCurrency: 'USD',
      missingRate: true,
      price: { amount: null, currency: 'GBP', basis: 'week', nights: null },
    },
  ],
};
/** The link the server answers a create with. */
const newLink: WhiteLabelLink = {
  id: 11,
  uuid: 'abc-123',
  title: 'Riviera Travel - Sophie Laurent',
  description: null,
  agentName: 'Sophie Laurent',
  agentEmail: null,
  companyName: 'Riviera Travel',
  propertyIds: [3, 8],
  searchFilters: { country: 'France', bedrooms: 4 },
  isActive: true,
  expiresAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  viewCount: 0,
  currency: 'EUR',
  markupType: 'none',
  markupValue: 0,
};
const preview = () => route('POST /api/white-label/price-preview', previewAnswer);
const created = (calls: readonly SentRequest[]) =>
  calls.filter((c) => c.method === 'POST' && c.url === '/api/white-label');

const selection: { set: (ids: number[]) => void } = { set: () => {} };
function Harness({ agentId = 5, initial = [3, 8], onCreated = () => {} }) {
  const [ids, setIds] = useState(initial);
  useEffect(() => {
    selection.set = setIds;
  }, []);
  return (
    <>
      <p data-testid="selection">{ids.join(',')}</p>
      <CreateLinkDialog
        agentId={agentId}
        selectedIds={ids}
        searchFilters={{ country: 'France', destination: '', bedrooms: 4, limit: 20 }}
        onCreated={() => {
          setIds([]);
          onCreated();
        }}
      />
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Create White-label Link' }));
  await screen.findByRole('dialog', { name: 'Create White-label Link' });
  // prefilled from the account
  await waitFor(() => expect(screen.getByLabelText('Agent name')).toHaveValue('Sophie Laurent'));
  expect(screen.getByLabelText('Company name')).toHaveValue('Azure Voyages');
  return user;
}

describe('CreateLinkDialog', { timeout: 20_000 }, () => {
  it('cannot be opened without a selection', async () => {
    server.use(route('GET /api/auth/user', me), preview());
    renderWithProviders(<Harness initial={[]} />);
    expect(screen.getByRole('button', { name: 'Create White-label Link' })).toBeDisabled();
  });

  it('refuses blank names with Missing Information and sends nothing', async () => {
    server.use(route('GET /api/auth/user', me), preview());
    const calls = sentRequests();
    renderWithProviders(<Harness />);
    const user = await openDialog();
    await user.clear(screen.getByLabelText('Agent name'));
    await user.type(screen.getByLabelText('Agent name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please provide both agent name and company name')).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);
  });

  it('refuses when the selection emptied with No Properties Selected', async () => {
    server.use(route('GET /api/auth/user', me), preview());
    const calls = sentRequests();
    renderWithProviders(<Harness />);
    const user = await openDialog();
    act(() => selection.set([]));
    await user.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('No Properties Selected')).toBeInTheDocument();
    expect(
      screen.getByText('Please select at least one property to create a white-label link'),
    ).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);
  });

  it('refuses without a user id with Authentication Error', async () => {
    server.use(route('GET /api/auth/user', me), preview());
    const calls = sentRequests();
    renderWithProviders(<Harness agentId={0} />);
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('Please log in to create white-label links')).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);
  });

  it("posts 'Company - Agent', clears everything and opens the link in a new tab", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const onCreated = vi.fn();
    server.use(route('GET /api/auth/user', me), route('POST /api/white-label', newLink), preview());
    const calls = sentRequests();
    renderWithProviders(<Harness onCreated={onCreated} />);
    const user = await openDialog();
    await user.clear(screen.getByLabelText('Company name'));
    await user.type(screen.getByLabelText('Company name'), '  Riviera Travel ');
    await user.type(screen.getByLabelText('Description (optional)'), 'For the Martin family');
    await user.click(screen.getByRole('button', { name: 'Create Link' }));

    expect(await screen.findByText('White-label Link Created')).toBeInTheDocument();
    expect(created(calls)[0]?.body).toEqual({
      agentId: 5,
      title: 'Riviera Travel - Sophie Laurent',
      description: 'For the Martin family',
      agentName: 'Sophie Laurent',
      companyName: 'Riviera Travel',
      propertyIds: [3, 8],
      searchFilters: { country: 'France', bedrooms: 4 },
      currency: 'EUR',
      markupType: 'none',
      markupValue: 0,
    });
    expect(open).toHaveBeenCalledWith('/white-label/abc-123', '_blank', 'noopener');
    expect(onCreated).toHaveBeenCalledOnce();
    expect(screen.getByTestId('selection')).toHaveTextContent('');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows Failed to Create Link with the server message', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    server.use(
      route('GET /api/auth/user', me),
      route('POST /api/white-label', apiError(ErrorCode.VALIDATION_FAILED, 'Property 8 does not exist')),
      preview(),
    );
    renderWithProviders(<Harness />);
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Failed to Create Link')).toBeInTheDocument();
    expect(screen.getByText('Property 8 does not exist')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByTestId('selection')).toHaveTextContent('3,8');
  });

  it('sets the client price: currency and markup, with what the client sees, and posts them', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    server.use(route('GET /api/auth/user', me), route('POST /api/white-label', newLink), preview());
    const calls = sentRequests();
    renderWithProviders(<Harness />);
    const user = await openDialog();
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'GBP (£)' }));
    await user.click(screen.getByRole('combobox', { name: 'Markup' }));
    await user.click(await screen.findByRole('option', { name: 'Percentage' }));
    await user.type(screen.getByLabelText('Markup (%)'), '10');

    expect(await screen.findByText('£9,735 per week for Villa Aurora')).toBeInTheDocument();
    expect(screen.getByText(/No USD to GBP exchange rate/)).toHaveTextContent(
      'No USD to GBP exchange rate: your client sees ‘Price on Request’ for Casa Lumi.',
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/white-label/price-preview').at(-1)?.body).toEqual({
        propertyIds: [3, 8],
        searchFilters: { country: 'France', bedrooms: 4 },
        currency: 'GBP',
        markupType: 'percent',
        markupValue: 10,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('White-label Link Created')).toBeInTheDocument();
    expect(created(calls)[0]?.body).toMatchObject({
      currency: 'GBP',
      markupType: 'percent',
      markupValue: 10,
    });
  });

  it("refuses a markup the shared schema refuses, under 'Validation Error', and sends nothing", async () => {
    server.use(route('GET /api/auth/user', me), preview());
    const calls = sentRequests();
    renderWithProviders(<Harness />);
    const user = await openDialog();
    await user.click(screen.getByRole('combobox', { name: 'Markup' }));
    await user.click(await screen.findByRole('option', { name: 'Percentage' }));
    await user.type(screen.getByLabelText('Markup (%)'), '150');
    // No figure for settings that cannot be saved.
    expect(screen.queryByText(/Your client sees:/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getAllByText('A percentage markup can be at most 100%')).toHaveLength(2);
    expect(screen.getByLabelText('Markup (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(created(calls)).toHaveLength(0);
  });

  it('refuses a percentage or an amount left empty or at 0, on the field, and sends nothing', async () => {
    server.use(route('GET /api/auth/user', me), preview());
    const calls = sentRequests();
    renderWithProviders(<Harness />);
    const user = await openDialog();
    const cases: Array<[string, string, string, string]> = [
      ['Percentage', 'Markup (%)', '', "Enter a percentage above 0, or choose 'Show the catalogue price'"],
      ['Percentage', 'Markup (%)', '0', "Enter a percentage above 0, or choose 'Show the catalogue price'"],
      ['Fixed amount', 'Amount (€)', '', "Enter an amount above 0, or choose 'Show the catalogue price'"],
      ['Fixed amount', 'Amount (€)', '0.00', "Enter an amount above 0, or choose 'Show the catalogue price'"],
    ];
    for (const [option, label, typed, message] of cases) {
      await user.click(screen.getByRole('combobox', { name: 'Markup' }));
      await user.click(await screen.findByRole('option', { name: option }));
      if (typed) await user.type(screen.getByLabelText(label), typed);
      // Never the catalogue figure under words that say a markup is included.
      expect(screen.queryByText(/per week for Villa Aurora/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Create Link' }));
      expect((await screen.findAllByText('Validation Error')).length).toBeGreaterThan(0);
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    }
    expect(created(calls)).toHaveLength(0);
    expect(calls.filter((c) => c.url === '/api/white-label/price-preview')).toHaveLength(0);
  });

  it("offers 'Show the catalogue price' as its own choice, and says so in the preview", async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    server.use(route('GET /api/auth/user', me), route('POST /api/white-label', newLink), preview());
    const calls = sentRequests();
    renderWithProviders(<Harness />);
    const user = await openDialog();
    await user.click(screen.getByRole('combobox', { name: 'Markup' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'No prices shown',
      'Show the catalogue price',
      'Percentage',
      'Fixed amount',
    ]);
    await user.click(screen.getByRole('option', { name: 'Show the catalogue price' }));
    // No amount to enter, and no words about a markup.
    expect(screen.queryByLabelText(/Markup \(%\)|Amount/)).not.toBeInTheDocument();
    expect(screen.queryByText(/with your markup included/)).not.toBeInTheDocument();
    const line = await screen.findByText(/Your client sees the catalogue price/);
    expect(line.closest('p')).toHaveTextContent(
      'Your client sees the catalogue price, nothing added: £9,735 per week for Villa Aurora',
    );
    await user.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('White-label Link Created')).toBeInTheDocument();
    expect(created(calls)[0]?.body).toMatchObject({ markupType: 'catalogue', markupValue: 0 });
  });
});
