import { ErrorCode, type AdminLocation, type Amenity } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, route, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { PropertyFormDialog } from './property-form-dialog';

const LOCATIONS: AdminLocation[] = [
  {
    region: 'Italy',
    subregions: ['Tuscany'],
    propertyCount: 0,
    subregionCounts: [{ name: 'Tuscany', propertyCount: 0 }],
  },
];
const AMENITIES: Amenity[] = [{ id: 1, name: 'Wifi', category: 'Essentials' }];

/** A refusal of the server (the one 400 body) lands under the property form's own fields. */
describe("PropertyFormDialog and the server's refusal", { timeout: 30_000 }, () => {
  it('puts each issue under its field, opens the first one’s tab and keeps the dialog open', async () => {
    server.use(
      route('GET /api/admin/locations', LOCATIONS),
      route('GET /api/admin/amenities', AMENITIES),
      route(
        'POST /api/properties',
        apiError(ErrorCode.VALIDATION_FAILED, 'Name must be at most 200 characters', {
          issues: [
            { path: ['name'], message: 'Name must be at most 200 characters' },
            { path: ['customPricing'], message: 'Custom prices must be at most 10,000,000' },
          ],
          requestId: 'req-1',
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PropertyFormDialog open onOpenChange={() => undefined} />);
    const d = await screen.findByRole('dialog', { name: 'Add Property' });
    await user.type(within(d).getByLabelText(/^Name/), 'Villa Nova');
    await user.type(within(d).getByLabelText(/^Description/), 'A new villa.');
    await user.click(within(d).getByRole('tab', { name: 'Location' }));
    await user.click(await within(d).findByRole('combobox', { name: 'Region (required)' }));
    await user.click(await screen.findByRole('option', { name: 'Italy' }));
    await user.click(within(d).getByRole('combobox', { name: 'Subregion (required)' }));
    await user.click(await screen.findByRole('option', { name: 'Tuscany' }));
    await user.click(within(d).getByRole('button', { name: 'Create Property' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    // The first field's tab is open, the field focused and described by the server's words.
    const name = await within(d).findByLabelText(/^Name/);
    expect(name).toHaveAccessibleDescription('Name must be at most 200 characters');
    await waitFor(() => expect(name).toHaveFocus());
    await user.click(within(d).getByRole('tab', { name: /Pricing & Media/ }));
    expect(within(d).getByText('Custom prices must be at most 10,000,000')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Property' })).toBeInTheDocument();
  });
});
