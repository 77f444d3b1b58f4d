import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company, featured } from '../../features/marketing/components/test-data';
import { route, server } from '../../testing/api-handlers';
import { renderWithProviders } from '../../testing/render';
import { Component as Landing } from './landing';

const api = () =>
  server.use(route('GET /api/company', company), route('GET /api/properties/featured', featured));

describe('Landing page', () => {
  it('has its sections in order, one h1, and the anchors the hero scrolls to', async () => {
    api();
    renderWithProviders(<Landing />);
    await screen.findByRole('heading', { name: 'Villa Cap Lumière' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const order = ['Villa Cap Lumière', 'Exclusive Portfolio', 'Concierge Services', 'Contact our concierge'];
    expect(headings.filter((h) => order.includes(h!))).toEqual(order);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.getElementById('properties')).toContainElement(
      screen.getByRole('heading', { name: 'Villa Cap Lumière' }),
    );
    expect(document.getElementById('contact')).toContainElement(
      screen.getByRole('button', { name: 'Send Message' }),
    );
    // The footer comes last.
    const footer = screen.getByRole('contentinfo');
    expect(footer.compareDocumentPosition(document.getElementById('contact')!)).toBe(
      Node.DOCUMENT_POSITION_PRECEDING,
    );
  });

  it("sends 'Apply for Access' to /register and 'Agent Login' to /login from the Exclusive Portfolio", async () => {
    api();
    renderWithProviders(<Landing />);
    const section = screen.getByRole('heading', { name: 'Exclusive Portfolio' }).closest('section')!;
    expect(within(section).getByRole('link', { name: 'Apply for Access' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(section).getByRole('link', { name: 'Agent Login' })).toHaveAttribute('href', '/login');
  });

  it("opens the contact form with 'Sign up as Property Manager' when linked from 'List Your Property'", async () => {
    api();
    renderWithProviders(<Landing />, { route: '/?inquiry=property-manager#contact' });
    expect(screen.getByRole('combobox', { name: 'Inquiry type' })).toHaveTextContent(
      'Sign up as Property Manager',
    );
    expect(screen.getAllByRole('link', { name: 'List Your Property' })[0]).toHaveAttribute(
      'href',
      '/?inquiry=property-manager#contact',
    );
  });

  it("keeps 'Other' as the type for any other value of the parameter", () => {
    api();
    renderWithProviders(<Landing />, { route: '/?inquiry=admin' });
    expect(screen.getByRole('combobox', { name: 'Inquiry type' })).toHaveTextContent('Other');
  });
});
