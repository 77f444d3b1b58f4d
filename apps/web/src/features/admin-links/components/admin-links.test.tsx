import type { AdminWhiteLabelLink } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { AdminLinks } from './admin-links';

const link = (over: Partial<AdminWhiteLabelLink> = {}): AdminWhiteLabelLink => ({
  id: 7,
  uuid: '3f0c9a52-7c1e-4a55-9d8e-2b4c1f6e8a10',
  title: 'Azure Voyages - Sophie Laurent',
  description: 'For the Martin family',
  agentName: 'Sophie Laurent',
  agentEmail: 'sophie@azure.example',
  companyName: 'Azure Voyages',
  propertyIds: [1, 2, 3],
  propertyNames: ['Villa Belvedere', 'Chalet Étoile', 'Casa Lumi'],
  searchFilters: { country: 'France', bedrooms: 4 },
  searchCriteria: { country: 'France', bedrooms: 4 },
  isActive: true,
  expiresAt: null,
  createdAt: '2026-02-01T09:00:00.000Z',
  viewCount: 12,
  currency: 'EUR',
  markupType: 'none',
  markupValue: 0,
  agentId: 3,
  agentFullName: 'Sophie Laurent',
  agentAccountEmail: 'sophie.laurent@azure.example',
  ...over,
});

const links = [
  link(),
  link({
    id: 8,
    uuid: 'a7e1b0c4-2d3f-4e5a-8b9c-0d1e2f3a4b5c',
    title: 'Alpine Escapes - Marco Rossi',
    agentName: null,
    agentEmail: null,
    agentFullName: 'Marco Rossi',
    agentAccountEmail: 'marco@alpine.example',
    propertyIds: [4],
    propertyNames: ['Chalet Edelweiss'],
    searchFilters: null,
    searchCriteria: null,
    expiresAt: '2026-01-15T00:00:00.000Z',
    createdAt: '2026-01-02T09:00:00.000Z',
    viewCount: 1,
  }),
];

describe('AdminLinks', () => {
  it('shows each link as a card with agent, e-mail, property count, created date, views, criteria and Visit', async () => {
    server.use(route('GET /api/admin/white-label-links', links));
    renderWithProviders(<AdminLinks />);
    const card = await screen.findByRole('article', { name: 'Azure Voyages - Sophie Laurent' });
    expect(within(card).getByText('Sophie Laurent')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'sophie@azure.example' })).toHaveAttribute(
      'href',
      'mailto:sophie@azure.example',
    );
    expect(within(card).getByText('3')).toBeInTheDocument();
    expect(within(card).getByText('February 1, 2026')).toBeInTheDocument();
    expect(within(card).getByText('12')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(
      within(within(card).getByRole('list', { name: 'Search criteria' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['France', '4+ bedrooms']);
    const visit = within(card).getByRole('link', { name: /Visit/ });
    expect(visit).toHaveAttribute('href', '/white-label/3f0c9a52-7c1e-4a55-9d8e-2b4c1f6e8a10');
    expect(visit).toHaveAttribute('target', '_blank');
    expect(visit.getAttribute('rel')).toContain('noopener');

    // The account stands in for a link without its own agent name or e-mail; an old expiry shows.
    const other = screen.getByRole('article', { name: 'Alpine Escapes - Marco Rossi' });
    expect(within(other).getByText('Marco Rossi')).toBeInTheDocument();
    expect(within(other).getByText('marco@alpine.example')).toBeInTheDocument();
    expect(within(other).getByText('Expired')).toBeInTheDocument();
    expect(within(other).getByText('Hand-picked selection, no filters')).toBeInTheDocument();
    expect(screen.getByText('2 links created by agents')).toBeInTheDocument();
  });

  it('searches on the server by title, agent name or e-mail and offers to clear an empty result', async () => {
    server.use(
      route('GET /api/admin/white-label-links', ({ url }) => {
        const q = url.searchParams.get('q');
        if (!q) return links;
        return links.filter((l) => l.title.toLowerCase().includes(q.toLowerCase()));
      }),
    );
    const calls = sentRequests();
    const user = userEvent.setup();
    renderWithProviders(<AdminLinks />);
    await screen.findByRole('article', { name: 'Alpine Escapes - Marco Rossi' });

    await user.type(screen.getByRole('searchbox', { name: /Search links/ }), 'azure');
    expect(await screen.findByText('1 link matches “azure”')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Alpine Escapes - Marco Rossi' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Azure Voyages - Sophie Laurent' })).toBeInTheDocument();
    // Typing pauses before asking: one request for the whole word.
    expect(calls.map((c) => c.query.get('q'))).toEqual([null, 'azure']);

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody');
    expect(await screen.findByText('No links match “nobody”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('2 links created by agents')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('opens the details: every field, the villas by name, criteria, status and the URL to copy', async () => {
    server.use(route('GET /api/admin/white-label-links', links));
    const user = userEvent.setup();
    renderWithProviders(<AdminLinks />);
    await user.click(
      await screen.findByRole('button', { name: 'Details of Azure Voyages - Sophie Laurent' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Azure Voyages - Sophie Laurent' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Villas in this link' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Villa Belvedere', 'Chalet Étoile', 'Casa Lumi']);
    expect(within(dialog).getByText('Villas (3)')).toBeInTheDocument();
    expect(within(dialog).getByText('For the Martin family')).toBeInTheDocument();
    expect(within(dialog).getByText('Azure Voyages')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Sophie Laurent · sophie.laurent@azure.example (#3)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('No expiry')).toBeInTheDocument();
    expect(within(dialog).getByText('Active')).toBeInTheDocument();
    expect(within(dialog).getByText('France')).toBeInTheDocument();
    expect(within(dialog).getByText('3f0c9a52-7c1e-4a55-9d8e-2b4c1f6e8a10')).toBeInTheDocument();
    const url = 'http://localhost:3000/white-label/3f0c9a52-7c1e-4a55-9d8e-2b4c1f6e8a10';
    expect(within(dialog).getByText(url)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy link URL' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Visit/ })).toHaveAttribute(
      'href',
      '/white-label/3f0c9a52-7c1e-4a55-9d8e-2b4c1f6e8a10',
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when no agent has created a link yet', async () => {
    server.use(route('GET /api/admin/white-label-links', []));
    renderWithProviders(<AdminLinks />);
    expect(await screen.findByText('No white-label links yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });
});
