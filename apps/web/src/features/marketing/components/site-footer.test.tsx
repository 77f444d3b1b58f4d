import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { route, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { SiteFooter } from './site-footer';
import { company } from './test-data';

describe('SiteFooter', () => {
  it('shows the legal company name and number from /api/company and the 2024 copyright', async () => {
    server.use(route('GET /api/company', { ...company, name: 'Azur Holdings Ltd', number: 'SC000042' }));
    renderWithProviders(<SiteFooter />);
    expect(await screen.findByText('Azur Holdings Ltd · Company number SC000042')).toBeInTheDocument();
    expect(screen.getByText('© 2024 Azur Holdings Ltd. All rights reserved.')).toBeInTheDocument();
    expect(screen.getByText('Maison Azur')).toBeInTheDocument();
  });

  it('links to /company-info and shows the untargeted entries as plain text', async () => {
    server.use(route('GET /api/company', company));
    renderWithProviders(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Company Information' })).toHaveAttribute(
      'href',
      '/company-info',
    );
    // The only link in the footer: every other entry has no destination, so it is not a control.
    expect(within(footer).getAllByRole('link')).toHaveLength(1);
    for (const entry of [
      'Luxury Villas',
      'Mountain Chalets',
      'Beachfront Estates',
      'City Penthouses',
      'French Riviera',
      'Swiss Alps',
      'Tuscany',
      'Santorini',
      'Concierge Service',
      'Privacy Policy',
      'Terms of Service',
      'Contact Us',
    ]) {
      expect(within(footer).getByText(entry).tagName).toBe('LI');
    }
  });

  it('has three labelled social buttons that cannot be activated', () => {
    server.use(route('GET /api/company', company));
    renderWithProviders(<SiteFooter />);
    for (const name of ['Instagram', 'Facebook', 'LinkedIn']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });
});
