import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company } from '../../features/marketing/components/test-data';
import { route, server, signedOut } from '../../testing/api-handlers';
import { renderWithProviders } from '../../testing/render';
import { Component as About } from './about';

const visitor = () => server.use(signedOut(), route('GET /api/company', company));

describe('About page', () => {
  it('has its own top bar, a main landmark with the sections and the Back to Home button', async () => {
    visitor();
    renderWithProviders(<About />, { route: '/about', path: '/about' });
    // The visitor's top bar comes once the session is known to be signed out.
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Maison Azur' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Agent Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Apply for Access' })).toHaveAttribute('href', '/register');

    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(
      within(main).getByRole('heading', { level: 1, name: 'Connecting Excellence' }),
    ).toBeInTheDocument();
    for (const title of [
      'Our Platform',
      'For Travel Professionals',
      'For Property Owners and Managers',
      'Our Commitment to Excellence',
    ]) {
      expect(within(main).getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    for (const title of [
      'Exclusive Access',
      'Professional Commission',
      '24/7 Support',
      'Qualified Bookings',
      'Premium Positioning',
      'Professional Management',
      'Verified Properties',
      'Certified Agents',
      'Global Reach',
      'Exceptional Service',
    ]) {
      expect(within(main).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      '© 2024 Maison Azur Travel Ltd. All rights reserved.',
    );
  });

  it("closes with 'Apply as Travel Professional' (/register) and 'List Your Property' (the contact form)", () => {
    visitor();
    renderWithProviders(<About />, { route: '/about', path: '/about' });
    expect(screen.getByRole('link', { name: 'Apply as Travel Professional' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'List Your Property' })).toHaveAttribute(
      'href',
      '/?inquiry=property-manager#contact',
    );
  });
});
