import type { CurrentUser, PublicProperty, PublicWhiteLabel } from '@villas/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApp } from './app/start-app';
import { startCollection } from './app/start-collection';
import type { SsrState } from './app/ssr-state';
import { renderApp, renderCollection, splitHead, type RenderedPage } from './entry-server';
import { company, featured } from './features/marketing/components/test-data';
import { route, sentRequests, server, signedOut } from './testing/api-handlers';

/**
 * Server rendering and hydration: each public page rendered by entry-server.tsx, put in a
 * document as the server sends it, then started by the browser's own code (start-app, start-collection).
 * Hydration must take over the server's markup as it is: a mismatch is reported through
 * onRecoverableError, and any console error fails the test (testing/setup.ts).
 */

const agent: CurrentUser = {
  id: 7,
  firstName: 'Sophie',
  lastName: 'Laurent',
  name: 'Sophie Laurent',
  email: 'sophie@azure-voyages.test',
  company: 'Azure Voyages',
  role: 'agent',
  approved: true,
};

const villa = (over: Partial<PublicProperty> = {}): PublicProperty => ({
  id: 4,
  name: 'Villa Aurora',
  description: 'A cliff-top villa above the bay.',
  location: 'Saint-Tropez, France',
  region: 'France',
  subregion: "Côte d'Azur",
  bedrooms: 5,
  maxGuests: 10,
  propertyType: 'villa',
  amenities: ['Infinity pool', 'Private chef'],
  images: ['/uploads/demo/villa-golden-hour.webp'],
  available: true,
  price: { amount: 12_650, currency: 'EUR', basis: 'week', nights: null },
  ...over,
});

const UUID = '3f0c9a52-7c1e-4a55-9d8e-2b4c1f6e8a10';
const collection: PublicWhiteLabel = {
  link: {
    uuid: UUID,
    title: 'Azure Voyages - Sophie Laurent',
    description: 'A summer on the Riviera </script><b>bold</b>',
    agentName: 'Sophie Laurent',
    companyName: 'Azure Voyages',
    agentEmail: 'sophie@azure-voyages.test',
    agentPhone: null,
    expiresAt: null,
    currency: 'EUR',
    stay: null,
  },
  properties: [villa(), villa({ id: 5, name: 'Chalet Blanc', images: [] })],
};

/** The document as the server sends it: head elements, the markup in #root, the state after it. */
function serve(url: string, page: RenderedPage) {
  // Nothing left for a script to fill in (no inline script may run: CSP).
  expect(page.body).not.toMatch(/<!--\$[?!]-->|<script/);
  window.history.replaceState(null, '', url);
  document.head.innerHTML = page.head;
  document.body.innerHTML = `<div id="root">${page.body}</div>${page.state}`;
  return document.getElementById('root')!;
}

const recovered: unknown[] = [];
const options = { onRecoverableError: (error: unknown) => recovered.push(error) };
let started: Root | undefined;
/** Starts the page as its entry does, and keeps the root to unmount after the test. */
async function start(run: () => Promise<Root>) {
  await act(async () => {
    started = await run();
  });
}

afterEach(() => {
  act(() => started?.unmount());
  started = undefined;
  expect(recovered).toEqual([]);
  recovered.length = 0;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const appState = (user: unknown, extra: SsrState['queries'] = {}): SsrState => ({
  queries: { '/api/company': company, '/api/auth/user': user, ...extra },
});

describe('server rendering', () => {
  it('renders the landing page with its heading, title and the hero image preloaded', async () => {
    const page = await renderApp(
      '/',
      appState(null, { '/api/properties/featured': { ...featured, images: ['/uploads/demo/villa.webp'] } }),
    );
    expect(page.body).toContain('Extraordinary Luxury</h1>');
    expect(page.body).toContain('Villa Cap Lumière');
    expect(page.head).toContain('<title>Extraordinary Luxury — Maison Azur</title>');
    // Its link preview: title, description and the hero's photograph (the server adds the URLs' origin).
    expect(page.head).toContain('<meta property="og:title" content="Extraordinary Luxury — Maison Azur"/>');
    expect(page.head).toContain('<meta property="og:site_name" content="Maison Azur"/>');
    expect(page.head).toMatch(/<meta name="description" content="Discover the world&#x27;s most exclusive/);
    expect(page.head).toContain('<meta property="og:image" content="/uploads/demo/villa.webp"/>');
    expect(page.head).toMatch(/<link rel="preload" as="image" imageSrcSet="[^"]*villa-640\.webp 640w/);
    expect(page.head).toContain('fetchPriority="high"');
    // The body face and the hero heading's face (Cormorant regular), preloaded.
    const fonts = page.head.match(/<link rel="preload" href="[^"]*" as="font"[^>]*>/g) ?? [];
    expect(fonts).toHaveLength(2);
    expect(fonts.join()).toMatch(/inter-latin-wght-normal[^"]*\.woff2/);
    expect(fonts.join()).toMatch(/cormorant-garamond-latin-400-normal[^"]*\.woff2/);
    expect(page.modules).toEqual(['src/app/layout/app-layout.tsx', 'src/app/routes/landing.tsx']);
    // The contact form is drawn, without its code (no form library, no zod) on the page yet.
    expect(page.body).toContain('Send Message');
  });

  it('escapes the state so no text in it can end its script element', async () => {
    const page = await renderCollection(`/white-label/${UUID}`, {
      queries: { [`/api/white-label/${UUID}`]: collection },
    });
    expect(page.state.match(/<\/script>/g)).toHaveLength(1);
    expect(page.state).toContain('\\u003c/script\\u003e\\u003cb\\u003ebold');
  });

  it("renders each villa's client price and the brochure link into the collection's HTML", async () => {
    const onRequest = villa({
      id: 6,
      name: 'Domaine Secret',
      price: { amount: null, currency: 'EUR', basis: 'week', nights: null },
    });
    const page = await renderCollection(`/white-label/${UUID}`, {
      queries: { [`/api/white-label/${UUID}`]: { ...collection, properties: [villa(), onRequest] } },
    });
    expect(page.body).toMatch(/>from<\/span>.*>€12,650<\/span>.*>per week<\/span>/);
    expect(page.body).toContain('Price on Request');
    expect(page.body).toContain(`href="/api/white-label/${UUID}/brochure.pdf"`);
    expect(page.body).toContain('Download brochure');
  });

  it('moves only the leading hoisted elements to the head', () => {
    expect(
      splitHead('<title>A &amp; B</title><meta name="robots" content="noindex"/><div><title>x</title></div>'),
    ).toEqual({
      head: '<title>A &amp; B</title><meta name="robots" content="noindex"/>',
      body: '<div><title>x</title></div>',
    });
  });
});

describe('hydrating a server-rendered page', () => {
  it('takes over the landing page as the server rendered it', async () => {
    server.use(signedOut());
    const root = serve('/', await renderApp('/', appState(null, { '/api/properties/featured': featured })));
    const heading = screen.getByRole('heading', { level: 1, name: 'Extraordinary Luxury' });
    await start(() => startApp(root, options));
    // The same element: hydrated, not replaced.
    expect(screen.getByRole('heading', { level: 1, name: 'Extraordinary Luxury' })).toBe(heading);
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Login' }),
    ).toBeInTheDocument();
  });

  it('renders the contact form as a form the browser posts to the page itself, never by GET', async () => {
    const page = await renderApp('/', appState(null, { '/api/properties/featured': featured }));
    const forms = page.body.match(/<form[^>]*>/g) ?? [];
    expect(forms).toHaveLength(1);
    expect(forms[0]).toMatch(/ method="post"/);
    expect(forms[0]).toMatch(/ action="\/#contact"/);
    // The fields by the names POST / reads, the inquiry type included.
    for (const name of ['firstName', 'lastName', 'email', 'inquiryType', 'message'])
      expect(page.body).toContain(`name="${name}"`);
    expect(page.body).not.toContain('role="status"');
  });

  it('has no other form on the public pages: a form there would need a post of its own', async () => {
    for (const user of [null, agent]) {
      for (const url of ['/about', '/company-info'])
        expect((await renderApp(url, appState(user))).body, url).not.toContain('<form');
    }
    const page = await renderCollection(`/white-label/${UUID}`, {
      queries: { [`/api/white-label/${UUID}`]: collection },
    });
    expect(page.body).not.toContain('<form');
    const signedInLanding = await renderApp('/', appState(agent, { '/api/properties/featured': featured }));
    expect(signedInLanding.body.match(/<form/g)).toHaveLength(1);
  });

  it('takes over a refused post: what was typed and the errors, as the form shows them', async () => {
    server.use(signedOut());
    const posted = {
      values: {
        firstName: 'Claire',
        lastName: 'Dubois',
        email: 'claire-at-riviera',
        inquiryType: 'property-manager',
        message: 'Twelve guests in June </textarea><b>bold</b>',
      },
      errors: { email: 'Please enter a valid email address' },
    };
    const page = await renderApp(
      '/',
      appState(null, { '/api/properties/featured': featured, 'form:contact': posted }),
    );
    const root = serve('/', page);
    const email = screen.getByLabelText('Email');
    const check = () => {
      expect(screen.getByLabelText('Email')).toHaveValue('claire-at-riviera');
      expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
      expect(screen.getByLabelText('First name')).toHaveValue('Claire');
      expect(screen.getByLabelText('Message')).toHaveValue('Twelve guests in June </textarea><b>bold</b>');
      expect(screen.getByRole('combobox', { name: 'Inquiry type' })).toHaveTextContent(
        'Sign up as Property Manager',
      );
      expect(document.querySelector('input[type="hidden"][name="inquiryType"]')).toHaveValue(
        'property-manager',
      );
    };
    check();
    // The section stays far from the screen: the drawing of the form is what hydrates.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    try {
      await start(() => startApp(root, options));
      // Hydrated as it was (a mismatch would be reported), the same element.
      expect(screen.getByLabelText('Email')).toBe(email);
      check();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows a refusal that concerns no single field above the button (the limit's words)", async () => {
    const posted = {
      values: { firstName: 'Claire', message: 'One too many.' },
      errors: { '': 'Too many attempts. Try again in 15 minutes.' },
    };
    const page = await renderApp('/', appState(null, { 'form:contact': posted }));
    expect(page.body).toMatch(
      /<p role="alert"[^>]*>Too many attempts\. Try again in 15 minutes\.<\/p><button type="submit"/,
    );
    expect(page.body).toContain('One too many.</textarea>');
  });

  it('says the message was sent, in the form’s own words, on the page a stored post returns to', async () => {
    server.use(signedOut());
    const url = '/?sent=contact';
    const root = serve(url, await renderApp(url, appState(null, { '/api/properties/featured': featured })));
    const note = () => within(document.getElementById('contact')!).getByRole('status');
    expect(note()).toHaveTextContent(
      'Message Sent' + 'Thank you for your inquiry. Our concierge team will contact you within 24 hours.',
    );
    await start(() => startApp(root, options));
    expect(note()).toHaveTextContent('Message Sent');
  });

  it.each(['/about', '/company-info'])(
    'takes over %s for a signed-in agent, with the app navigation',
    async (url) => {
      server.use(route('GET /api/auth/user', agent), route('GET /api/notifications/7', []));
      const page = await renderApp(url, appState(agent));
      const root = serve(url, page);
      const nav = screen.getByRole('navigation', { name: 'Main' });
      // Rendered on the server already: the agent's links and greeting, no 'Login'.
      expect(within(nav).getByRole('link', { name: 'Search Properties' })).toBeInTheDocument();
      expect(within(nav).getByText('Welcome, Sophie')).toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
      await start(() => startApp(root, options));
      // The bell's code comes after hydration, in its reserved place.
      expect((await within(nav).findAllByRole('button', { name: /^Notifications/ })).length).toBeGreaterThan(
        0,
      );
      expect(screen.getByRole('navigation', { name: 'Main' })).toBe(nav);
    },
  );

  it("takes over a client's collection, then reads it once through the API (the client's view)", async () => {
    server.use(route(`GET /api/white-label/${UUID}`, collection));
    const calls = sentRequests();
    const url = `/white-label/${UUID}`;
    const root = serve(
      url,
      await renderCollection(url, { queries: { [`/api/white-label/${UUID}`]: collection } }),
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Azure Voyages - Sophie Laurent' });
    expect(screen.getAllByRole('button', { name: /^Request to Book/ })).toHaveLength(2);
    expect(calls).toEqual([]);
    await start(() => startCollection(root, options));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET /api/white-label/${UUID}`]);
    expect(screen.getByRole('heading', { level: 1, name: 'Azure Voyages - Sophie Laurent' })).toBe(heading);
  });

  it("takes over 'Link Not Found' without asking the API again", async () => {
    const calls = sentRequests();
    const url = `/white-label/${UUID}`;
    const root = serve(url, await renderCollection(url, { queries: { [`/api/white-label/${UUID}`]: null } }));
    expect(screen.getByRole('heading', { name: 'Link Not Found' })).toBeInTheDocument();
    await start(() => startCollection(root, options));
    expect(screen.getByRole('heading', { name: 'Link Not Found' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('opens a villa: the dialog and its booking form load then, with their own query client and toasts', async () => {
    server.use(
      route(`GET /api/white-label/${UUID}`, collection),
      route(`GET /api/white-label/${UUID}/stay-rules`, []),
    );
    const url = `/white-label/${UUID}`;
    const root = serve(
      url,
      await renderCollection(url, { queries: { [`/api/white-label/${UUID}`]: collection } }),
    );
    await start(() => startCollection(root, options));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const { default: userEvent } = await import('@testing-library/user-event');
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Request to Book Villa Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Villa Aurora' }, { timeout: 5000 });
    await waitFor(() => expect(within(dialog).getByLabelText('Full name')).toHaveFocus());
  });
});

vi.setConfig({ testTimeout: 20_000 });
