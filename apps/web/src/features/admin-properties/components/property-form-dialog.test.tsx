import {
  AMENITY_CATALOGUE,
  AMENITY_CATEGORIES,
  formatLongDate,
  type AdminLocation,
  type Amenity,
  ErrorCode,
  type Property,
  type UploadImageResponse,
} from '@villas/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpHandler } from 'msw';
import {
  apiError,
  gate,
  networkError,
  route,
  sentRequests,
  server,
  type ApiAnswer,
} from '../../../testing/api-handlers';
import { useNodeMultipart } from '../../../testing/multipart';
import { renderWithProviders } from '../../../testing/render';
import { PropertyFormDialog } from './property-form-dialog';

const location = (region: string, subregions: string[]): AdminLocation => ({
  region,
  subregions,
  propertyCount: 0,
  subregionCounts: subregions.map((name) => ({ name, propertyCount: 0 })),
});
const LOCATIONS = [
  location('France', ['Côte d’Azur', 'Provence']),
  location('Italy', ['Amalfi Coast', 'Tuscany']),
];
let nextId = 1;
const AMENITIES: Amenity[] = AMENITY_CATEGORIES.flatMap((category) =>
  AMENITY_CATALOGUE[category].map((name) => ({ id: nextId++, name, category })),
);

const stored = (over: Partial<Property> = {}): Property => ({
  id: 5,
  name: 'Villa Les Roches',
  regionId: 1,
  subregionId: 1,
  region: 'France',
  subregion: 'Côte d’Azur',
  description: 'A cliff-top villa above Cap Ferrat with an infinity pool.',
  bedrooms: 6,
  maxGuests: 12,
  basePricePerNight: 15000,
  propertyCurrency: 'EUR',
  siteCurrency: 'EUR',
  propertyType: 'villa',
  amenityIds: [1, 2],
  amenities: ['Wifi', 'Butler'],
  images: ['https://img.example.com/a.jpg', '/uploads/b.webp'],
  available: true,
  location: 'France, Côte d’Azur',
  pricePerNight: 15000,
  currency: 'EUR',
  externalId: null,
  externalProvider: null,
  icalUrl: null,
  lastSyncDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  weeklyPriceEur: 105000,
  ...over,
});

/** yyyy-MM-dd of a day of next month (local, like the date picker). */
const nextMonth = (day: number) => {
  const now = new Date();
  return format(new Date(now.getFullYear(), now.getMonth() + 1, day), 'yyyy-MM-dd');
};

function Harness({ propertyId, onOpenChange }: { propertyId?: number; onOpenChange?: (o: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <PropertyFormDialog
      open={open}
      propertyId={propertyId}
      onOpenChange={(o) => {
        setOpen(o);
        onOpenChange?.(o);
      }}
    />
  );
}

/** The dialog's reference data, after `extra`; the requests sent. */
function serve(...extra: HttpHandler[]) {
  server.use(
    ...extra,
    route('GET /api/admin/locations', LOCATIONS),
    route('GET /api/admin/amenities', AMENITIES),
  );
  return sentRequests();
}

/** The image an upload answers with: its largest rendition and the set. */
const uploaded = (imageUrl: string): UploadImageResponse => ({
  imageUrl,
  srcSet: `${imageUrl.replace('.webp', '-800.webp')} 800w, ${imageUrl} 1600w`,
  width: 1600,
  height: 1067,
});

/** Answers POST /api/upload/image (multipart, with the session cookie) with `answer`; the forms sent. */
function serveUploads(
  answer: () => UploadImageResponse | ApiAnswer | Promise<UploadImageResponse | ApiAnswer>,
) {
  const sent: FormData[] = [];
  server.use(
    route('POST /api/upload/image', async ({ request }) => {
      expect(request.credentials).toBe('include');
      sent.push(await request.formData());
      return answer();
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const setup = () => userEvent.setup({ delay: null });
const dialog = () => screen.findByRole('dialog', { name: /Property$/ });
const openTab = async (user: ReturnType<typeof setup>, name: string) => {
  await user.click(screen.getByRole('tab', { name }));
};
const choose = async (user: ReturnType<typeof setup>, combobox: HTMLElement, option: string) => {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
};
const imageList = () =>
  within(screen.getByRole('list', { name: 'Property images' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p[title]')!.getAttribute('title'));

describe('PropertyFormDialog', { timeout: 30_000 }, () => {
  it('opens on Basic Info with the defaults and the five tabs', async () => {
    serve();
    renderWithProviders(<Harness />);
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Add Property' })).toBeInTheDocument();
    expect(
      within(d)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Basic Info', 'Location', 'Amenities', 'Pricing & Media', 'Calendar Sync']);
    expect(within(d).getByLabelText('Bedrooms')).toHaveValue(1);
    expect(within(d).getByLabelText('Max guests')).toHaveValue(2);
    expect(within(d).getByRole('combobox', { name: 'Property type' })).toHaveTextContent('Villa');
    expect(within(d).getByRole('checkbox', { name: 'Available for booking' })).toBeChecked();
    expect(within(d).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Create Property' })).toBeInTheDocument();
  });

  it("refuses to save without name, location and description: 'Validation Error' and the fields marked", async () => {
    const calls = serve();
    const user = setup();
    renderWithProviders(<Harness />);
    const d = await dialog();
    await user.click(within(d).getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
    expect(within(d).getByText('Name is required')).toBeInTheDocument();
    expect(within(d).getByText('Description is required')).toBeInTheDocument();
    expect(within(d).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    // Focus moves to the first bad field on the next frame (its tab may have to mount first).
    await waitFor(() => expect(within(d).getByLabelText(/^Name/)).toHaveFocus());
    // The Location tab says it has a problem too.
    const locationTab = within(d).getByRole('tab', { name: 'Location (has errors)' });
    await user.click(locationTab);
    expect(within(d).getByText('Region is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // With name and description filled in, the missing region opens the Location tab.
    await openTab(user, 'Basic Info (has errors)');
    await user.type(within(d).getByLabelText(/^Name/), 'Villa Nova');
    await user.type(within(d).getByLabelText(/^Description/), 'Sea views.');
    await user.click(within(d).getByRole('button', { name: 'Create Property' }));
    await waitFor(() => expect(within(d).getByRole('tab', { selected: true })).toHaveTextContent('Location'));
    expect(within(d).getByText('Region is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('keeps the subregion disabled until a region is chosen, and resets it when the region changes', async () => {
    serve();
    const user = setup();
    renderWithProviders(<Harness />);
    const d = await dialog();
    await openTab(user, 'Location');
    const region = await within(d).findByRole('combobox', { name: 'Region (required)' });
    const subregion = within(d).getByRole('combobox', { name: 'Subregion (required)' });
    await waitFor(() => expect(region).toBeEnabled());
    expect(subregion).toBeDisabled();
    expect(within(d).getByText('Choose a region first.')).toBeInTheDocument();

    await choose(user, region, 'France');
    expect(subregion).toBeEnabled();
    await choose(user, subregion, 'Provence');
    expect(subregion).toHaveTextContent('Provence');
    expect(within(d).getByText('France, Provence')).toBeInTheDocument();

    await choose(user, region, 'Italy');
    expect(subregion).toHaveTextContent('Choose a subregion');
    await user.click(subregion);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Amalfi Coast', 'Tuscany']);
    await user.keyboard('{Escape}');
  });

  it("counts each amenity category's selection ('n / total selected')", async () => {
    serve();
    const user = setup();
    renderWithProviders(<Harness />);
    const d = await dialog();
    await openTab(user, 'Amenities');
    const total = AMENITY_CATALOGUE.Amenities.length;
    expect(await within(d).findByText(`0 / ${total} selected`)).toBeInTheDocument();
    for (const c of AMENITY_CATEGORIES) {
      expect(
        within(d).getByRole('group', { name: `${c}: 0 / ${AMENITY_CATALOGUE[c].length} selected` }),
      ).toBeInTheDocument();
    }
    await user.click(within(d).getByRole('checkbox', { name: 'Wifi' }));
    await user.click(within(d).getByRole('checkbox', { name: 'Heating' }));
    await user.click(within(d).getByRole('checkbox', { name: 'Sea View' }));
    expect(within(d).getByText(`2 / ${total} selected`)).toBeInTheDocument();
    expect(
      within(d).getByRole('group', { name: `View: 1 / ${AMENITY_CATALOGUE.View.length} selected` }),
    ).toBeInTheDocument();
    await user.click(within(d).getByRole('checkbox', { name: 'Heating' }));
    expect(within(d).getByText(`1 / ${total} selected`)).toBeInTheDocument();
  });

  it('adds a custom price only with both a date and a whole-number price', async () => {
    serve();
    const user = setup();
    renderWithProviders(<Harness />);
    const d = await dialog();
    await openTab(user, 'Pricing & Media');
    const add = within(d).getByRole('button', { name: 'Add price' });
    await user.click(add);
    expect(within(d).getByRole('alert')).toHaveTextContent(
      'Choose a date and enter a price to add a custom price',
    );
    await user.type(within(d).getByLabelText('Price (EUR)'), '1800');
    await user.click(add);
    expect(within(d).getByRole('alert')).toHaveTextContent('Choose a date and enter a price');
    expect(within(d).queryByRole('list', { name: 'Custom prices' })).not.toBeInTheDocument();

    await user.click(within(d).getByRole('button', { name: 'Custom price date: Choose a date' }));
    await user.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
    const days = within(await screen.findByRole('grid')).getAllByRole('gridcell');
    await user.click(within(days.find((c) => c.textContent === '15')!).getByRole('button'));
    await user.clear(within(d).getByLabelText('Price (EUR)'));
    await user.type(within(d).getByLabelText('Price (EUR)'), '12.5');
    await user.click(add);
    expect(within(d).getByRole('alert')).toHaveTextContent('Enter the price as a whole number');
    await user.clear(within(d).getByLabelText('Price (EUR)'));
    await user.type(within(d).getByLabelText('Price (EUR)'), '1800');
    await user.click(add);
    const list = within(d).getByRole('list', { name: 'Custom prices' });
    expect(list).toHaveClass('max-h-32', 'overflow-y-auto');
    expect(within(list).getByText(formatLongDate(nextMonth(15)))).toBeInTheDocument();
    expect(within(list).getByText('€1,800')).toBeInTheDocument();
    // The inputs are cleared for the next one; a price can be removed.
    expect(within(d).getByLabelText('Price (EUR)')).toHaveValue(null);
    // The next date's picker opens on the month of the last one chosen, not on the current month.
    await user.click(within(d).getByRole('button', { name: 'Custom price date: Choose a date' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose custom price date' });
    expect(picker).toHaveTextContent(format(new Date(`${nextMonth(15)}T12:00:00`), 'MMMM yyyy'));
    await user.keyboard('{Escape}');
    await user.click(
      within(list).getByRole('button', { name: `Remove custom price for ${formatLongDate(nextMonth(15))}` }),
    );
    expect(within(d).queryByRole('list', { name: 'Custom prices' })).not.toBeInTheDocument();
  });

  it('adds image URLs (blank ignored), moves them with named buttons keeping focus, and removes them', async () => {
    serve();
    const user = setup();
    renderWithProviders(<Harness />);
    const d = await dialog();
    await openTab(user, 'Pricing & Media');
    expect(within(d).getByText(/Recommended image size is 1920x1080 or larger/)).toBeInTheDocument();
    const input = within(d).getByLabelText('Image URL');
    const addUrl = within(d).getByRole('button', { name: 'Add URL' });
    await user.type(input, '   ');
    await user.click(addUrl);
    expect(within(d).queryByRole('list', { name: 'Property images' })).not.toBeInTheDocument();
    expect(within(d).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(input, 'ftp://img.example.com/x.jpg');
    await user.click(addUrl);
    expect(within(d).getByRole('alert')).toHaveTextContent(
      'Image URLs must start with https://, http:// or /',
    );
    await user.clear(input);
    await user.type(input, '  https://img.example.com/a.jpg  ');
    await user.click(addUrl);
    await user.type(input, '/uploads/b.webp{Enter}');
    await user.type(input, 'https://img.example.com/c.jpg');
    await user.click(addUrl);
    expect(imageList()).toEqual([
      'https://img.example.com/a.jpg',
      '/uploads/b.webp',
      'https://img.example.com/c.jpg',
    ]);
    const list = within(d).getByRole('list', { name: 'Property images' });
    expect(list).toHaveClass('max-h-64', 'overflow-y-auto');
    expect(within(within(list).getAllByRole('listitem')[0]!).getByText('Cover')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Move image 1 up' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Move image 3 down' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: 'Move image 2 up' }));
    expect(imageList()).toEqual([
      '/uploads/b.webp',
      'https://img.example.com/a.jpg',
      'https://img.example.com/c.jpg',
    ]);
    // It is the cover now, and focus stayed with it (its Move up is disabled, so Move down).
    expect(within(within(list).getAllByRole('listitem')[0]!).getByText('Cover')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Move image 1 down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(imageList()).toEqual([
      'https://img.example.com/a.jpg',
      '/uploads/b.webp',
      'https://img.example.com/c.jpg',
    ]);
    expect(within(list).getByRole('button', { name: 'Move image 2 down' })).toHaveFocus();

    await user.click(within(list).getByRole('button', { name: 'Remove image 1' }));
    expect(imageList()).toEqual(['/uploads/b.webp', 'https://img.example.com/c.jpg']);
    expect(within(list).getByRole('button', { name: 'Remove image 1' })).toHaveFocus();
  });

  it('creates the property with the payload and says so', async () => {
    const calls = serve(
      route('POST /api/properties', ({ body }) => stored({ id: 9, name: (body as Property).name })),
    );
    const onOpenChange = vi.fn();
    const user = setup();
    renderWithProviders(<Harness onOpenChange={onOpenChange} />);
    const d = await dialog();
    await user.type(within(d).getByLabelText(/^Name/), '  Villa Nova ');
    await user.type(within(d).getByLabelText(/^Description/), 'A new villa above the bay.');
    await user.clear(within(d).getByLabelText('Bedrooms'));
    await user.type(within(d).getByLabelText('Bedrooms'), '5');
    await user.clear(within(d).getByLabelText('Max guests'));
    await user.type(within(d).getByLabelText('Max guests'), '10');
    await choose(user, within(d).getByRole('combobox', { name: 'Property type' }), 'Chalet');
    await user.click(within(d).getByRole('checkbox', { name: 'Available for booking' }));

    await openTab(user, 'Location');
    await choose(user, await within(d).findByRole('combobox', { name: 'Region (required)' }), 'France');
    await choose(user, within(d).getByRole('combobox', { name: 'Subregion (required)' }), 'Côte d’Azur');

    await openTab(user, 'Amenities');
    await user.click(await within(d).findByRole('checkbox', { name: 'Swimming Pool' }));
    await user.click(within(d).getByRole('checkbox', { name: 'Wifi' }));

    await openTab(user, 'Pricing & Media');
    await user.clear(within(d).getByLabelText('Base price per night (EUR)'));
    await user.type(within(d).getByLabelText('Base price per night (EUR)'), '2500');
    await choose(user, within(d).getByRole('combobox', { name: 'Property currency' }), 'CHF');
    await choose(user, within(d).getByRole('combobox', { name: 'Site currency' }), 'GBP');
    await user.click(within(d).getByRole('button', { name: 'Custom price date: Choose a date' }));
    await user.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
    const days = within(await screen.findByRole('grid')).getAllByRole('gridcell');
    await user.click(within(days.find((c) => c.textContent === '3')!).getByRole('button'));
    await user.type(within(d).getByLabelText('Price (CHF)'), '3000');
    await user.click(within(d).getByRole('button', { name: 'Add price' }));
    await user.type(within(d).getByLabelText('Image URL'), 'https://img.example.com/a.jpg{Enter}');

    await user.click(within(d).getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('Property Created')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        name: 'Villa Nova',
        region: 'France',
        subregion: 'Côte d’Azur',
        location: 'France, Côte d’Azur',
        description: 'A new villa above the bay.',
        bedrooms: 5,
        maxGuests: 10,
        basePricePerNight: 2500,
        propertyCurrency: 'CHF',
        siteCurrency: 'GBP',
        propertyType: 'chalet',
        amenities: ['Swimming Pool', 'Wifi'],
        images: ['https://img.example.com/a.jpg'],
        available: false,
        customPricing: { [nextMonth(3)]: 3000 },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's message when the create fails, and keeps the dialog open", async () => {
    serve(route('POST /api/properties', apiError(ErrorCode.VALIDATION_FAILED, 'Unknown region: Atlantis')));
    const user = setup();
    renderWithProviders(<Harness />);
    const d = await dialog();
    await user.type(within(d).getByLabelText(/^Name/), 'Villa Nova');
    await user.type(within(d).getByLabelText(/^Description/), 'A new villa.');
    await openTab(user, 'Location');
    await choose(user, await within(d).findByRole('combobox', { name: 'Region (required)' }), 'Italy');
    await choose(user, within(d).getByRole('combobox', { name: 'Subregion (required)' }), 'Tuscany');
    await user.click(within(d).getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('Unknown region: Atlantis')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Property' })).toBeInTheDocument();
  });

  it('edits: reads the property and its custom prices, sends the changes and the removed prices', async () => {
    const saved = [
      { id: 1, date: nextMonth(10), price: 18000, currency: 'EUR' as const },
      { id: 2, date: nextMonth(11), price: 19000, currency: 'USD' as const },
    ];
    const calls = serve(
      route('GET /api/properties/5', stored()),
      route('GET /api/calendar-pricing/5', saved),
      route('PUT /api/properties/5', stored({ name: 'Villa Les Roches II' })),
    );
    const user = setup();
    renderWithProviders(<Harness propertyId={5} />);
    const d = await screen.findByRole('dialog', { name: 'Edit Property' });
    const name = await within(d).findByLabelText(/^Name/);
    expect(name).toHaveValue('Villa Les Roches');
    expect(within(d).getByLabelText('Bedrooms')).toHaveValue(6);
    expect(calls.find((c) => c.url === '/api/calendar-pricing/5')).toBeDefined();

    await openTab(user, 'Location');
    expect(await within(d).findByRole('combobox', { name: 'Region (required)' })).toHaveTextContent('France');
    expect(within(d).getByRole('combobox', { name: 'Subregion (required)' })).toHaveTextContent(
      'Côte d’Azur',
    );
    await openTab(user, 'Amenities');
    expect(await within(d).findByRole('checkbox', { name: 'Butler' })).toBeChecked();
    await openTab(user, 'Pricing & Media');
    expect(within(d).getByLabelText('Base price per night (EUR)')).toHaveValue(15000);
    expect(imageList()).toEqual(['https://img.example.com/a.jpg', '/uploads/b.webp']);
    const list = within(d).getByRole('list', { name: 'Custom prices' });
    expect(within(list).getByText('€18,000')).toBeInTheDocument();
    expect(within(list).getByText('$19,000')).toBeInTheDocument();
    await user.click(
      within(list).getByRole('button', { name: `Remove custom price for ${formatLongDate(nextMonth(10))}` }),
    );

    await openTab(user, 'Basic Info');
    await user.clear(within(d).getByLabelText(/^Name/));
    await user.type(within(d).getByLabelText(/^Name/), 'Villa Les Roches II');
    await user.click(within(d).getByRole('button', { name: 'Update Property' }));
    expect(await screen.findByText('Property Updated')).toBeInTheDocument();
    const [put] = calls.filter((c) => c.method === 'PUT');
    expect(put!.body).toEqual({
      name: 'Villa Les Roches II',
      region: 'France',
      subregion: 'Côte d’Azur',
      location: 'France, Côte d’Azur',
      description: 'A cliff-top villa above Cap Ferrat with an infinity pool.',
      bedrooms: 6,
      maxGuests: 12,
      basePricePerNight: 15000,
      propertyCurrency: 'EUR',
      siteCurrency: 'EUR',
      propertyType: 'villa',
      amenities: ['Wifi', 'Butler'],
      images: ['https://img.example.com/a.jpg', '/uploads/b.webp'],
      available: true,
      // The USD price left as it was is not re-sent in EUR.
      customPricing: {},
      removeCustomPrices: [nextMonth(10)],
    });
  });

  it("'Error' with 'Failed to update property' when the update fails without a message", async () => {
    serve(
      route('GET /api/properties/5', stored()),
      route('GET /api/calendar-pricing/5', []),
      route('PUT /api/properties/5', networkError()),
    );
    const user = setup();
    renderWithProviders(<Harness propertyId={5} />);
    const d = await screen.findByRole('dialog', { name: 'Edit Property' });
    await within(d).findByLabelText(/^Name/);
    await user.click(within(d).getByRole('button', { name: 'Update Property' }));
    expect(await screen.findByText('Failed to update property')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('checks a file before uploading it, shows the upload, and adds the image', async () => {
    await useNodeMultipart();
    serve();
    const held = gate();
    const sent = serveUploads(async () => {
      await held.opened;
      return uploaded('/uploads/new.webp');
    });
    const user = setup();
    renderWithProviders(<Harness />);
    const d = await dialog();
    await openTab(user, 'Pricing & Media');
    const input = within(d).getByTestId('image-file-input') as HTMLInputElement;
    const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });

    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file')).toBeInTheDocument();

    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    pick(big);
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 10MB')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    pick(new File(['jpeg'], 'pool.jpg', { type: 'image/jpeg' }));
    expect(await within(d).findByText('Uploading...')).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Create Property' })).toBeDisabled();
    held.open();
    expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
    // The property does not exist yet: the image is kept with it when Create Property saves it.
    expect(screen.getByText('Added — saved with Create Property')).toBeInTheDocument();
    expect(screen.queryByText('Your image has been added to the property')).not.toBeInTheDocument();
    expect(imageList()).toEqual(['/uploads/new.webp']);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.get('image') as File).name).toBe('pool.jpg');
    expect(within(d).getByRole('button', { name: 'Create Property' })).toBeEnabled();
  });

  it('says the image was added to the property when it is one being edited', async () => {
    await useNodeMultipart();
    serve(route('GET /api/properties/5', stored()), route('GET /api/calendar-pricing/5', []));
    serveUploads(() => uploaded('/uploads/more.webp'));
    const user = setup();
    renderWithProviders(<Harness propertyId={5} />);
    const d = await screen.findByRole('dialog', { name: 'Edit Property' });
    await within(d).findByLabelText(/^Name/);
    await openTab(user, 'Pricing & Media');
    fireEvent.change(within(d).getByTestId('image-file-input'), {
      target: { files: [new File(['jpeg'], 'terrace.jpg', { type: 'image/jpeg' })] },
    });
    expect(await screen.findByText('Your image has been added to the property')).toBeInTheDocument();
    expect(screen.queryByText('Added — saved with Create Property')).not.toBeInTheDocument();
  });

  it("says 'Upload failed' when the server refuses the upload", async () => {
    await useNodeMultipart();
    serve();
    serveUploads(() => apiError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Please select an image file'));
    const user = setup();
    renderWithProviders(<Harness />);
    const d = await dialog();
    await openTab(user, 'Pricing & Media');
    fireEvent.change(within(d).getByTestId('image-file-input'), {
      target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload image. Please try again.')).toBeInTheDocument();
    expect(within(d).queryByRole('list', { name: 'Property images' })).not.toBeInTheDocument();
  });
});
