import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import { apiError, route, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { FeaturedShowcase } from './featured-showcase';
import { Hero } from './hero';
import { featured } from './test-data';

const notFound = () =>
  route('GET /api/properties/featured', apiError(ErrorCode.NOT_FOUND, 'No featured property'));

describe('FeaturedShowcase', () => {
  it('shows the featured villa: name, location, bedrooms, nightly price and photographs', async () => {
    server.use(route('GET /api/properties/featured', featured));
    renderWithProviders(<FeaturedShowcase />);
    const section = document.getElementById('properties')!;
    expect(await within(section).findByRole('heading', { name: 'Villa Cap Lumière' })).toBeInTheDocument();
    expect(section).toHaveTextContent('France, French Riviera');
    expect(within(section).getByText('Bedrooms', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '6',
    );
    expect(section).toHaveTextContent('€15,000per night');
    expect(
      within(section).getByRole('img', { name: 'Villa Cap Lumière, photograph 1 of 3' }),
    ).toHaveAttribute('src', '/uploads/demo/a.webp');
  });

  it('switches the large photograph from the thumbnails', async () => {
    server.use(route('GET /api/properties/featured', featured));
    const user = userEvent.setup();
    renderWithProviders(<FeaturedShowcase />);
    await user.click(await screen.findByRole('button', { name: 'Show photograph 3 of 3' }));
    expect(screen.getByRole('img', { name: 'Villa Cap Lumière, photograph 3 of 3' })).toHaveAttribute(
      'src',
      '/uploads/demo/c.webp',
    );
    expect(screen.getByRole('button', { name: 'Show photograph 3 of 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("shows 'Price on Request' when the villa has no nightly price", async () => {
    server.use(route('GET /api/properties/featured', { ...featured, basePricePerNight: null }));
    renderWithProviders(<FeaturedShowcase />);
    expect(await screen.findByText('Price on Request')).toBeInTheDocument();
  });

  it('keeps the #properties section, without any image, while the catalogue is empty (404)', async () => {
    server.use(notFound());
    renderWithProviders(<FeaturedShowcase />);
    expect(await screen.findByText(/Our featured residence will be unveiled shortly/)).toBeInTheDocument();
    expect(document.getElementById('properties')).toContainElement(
      screen.getByRole('heading', { name: 'The collection' }),
    );
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('Hero', () => {
  it("has the headline, tagline and the two buttons anchored to 'properties' and 'contact'", () => {
    server.use(notFound());
    renderWithProviders(<Hero />);
    expect(screen.getByRole('heading', { level: 1, name: 'Extraordinary Luxury' })).toBeInTheDocument();
    expect(
      screen.getByText("Discover the world's most exclusive private villas and chalets"),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Properties' })).toHaveAttribute('href', '#properties');
    expect(screen.getByRole('link', { name: 'Request Access' })).toHaveAttribute('href', '#contact');
  });

  it('uses the featured villa’s first photograph as the full-bleed image', async () => {
    server.use(route('GET /api/properties/featured', featured));
    const { container } = renderWithProviders(<Hero />);
    await screen.findByText('Villa Cap Lumière');
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/demo/a.webp');
  });

  it('scrolls to the anchored section and moves focus there', async () => {
    server.use(notFound());
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Hero />
        <section id="contact" tabIndex={-1} aria-label="Contact" />
      </>,
    );
    const target = document.getElementById('contact')!;
    let scrolled = false;
    target.scrollIntoView = () => {
      scrolled = true;
    };
    await user.click(screen.getByRole('link', { name: 'Request Access' }));
    expect(scrolled).toBe(true);
    expect(target).toHaveFocus();
  });
});
