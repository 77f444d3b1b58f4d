import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import { apiError, route, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { CompanyDetails } from './company-details';
import { company } from './test-data';

describe('CompanyDetails', () => {
  it('lists every registered detail from /api/company and links to the official register', async () => {
    server.use(route('GET /api/company', company));
    renderWithProviders(<CompanyDetails />);
    const value = async (label: string) =>
      (await screen.findByText(label, { selector: 'dt' })).nextElementSibling?.textContent;
    expect(await value('Company name')).toBe('Maison Azur Travel Ltd');
    expect(await value('Company number')).toBe('SC812457');
    expect(await value('Company type')).toBe('Private limited company registered in Scotland');
    expect(await value('Incorporated on')).toBe('June 2024');
    expect(await value('Registered office address')).toBe(
      '14 Charlotte Square, Edinburgh, EH2 4DJ, Scotland',
    );
    expect(await value('Company status')).toBe('Active');
    expect(await value('Nature of business (SIC)')).toBe('79110 - Travel agency activities');
    expect(await value('Accounts next due')).toBe('31 March 2026');
    expect(await value('Confirmation statement next due')).toBe('18 June 2026');
    const link = screen.getByRole('link', { name: /View on the official register/ });
    expect(link).toHaveAttribute('href', company.registerUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows a loading state, then an error with a retry that recovers', async () => {
    let fail = true;
    server.use(
      route('GET /api/company', () => (fail ? apiError(ErrorCode.INTERNAL, 'Internal error') : company)),
    );
    const user = userEvent.setup();
    renderWithProviders(<CompanyDetails />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading company information');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The company information could not be loaded.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Maison Azur Travel Ltd' })).toBeInTheDocument();
  });
});
