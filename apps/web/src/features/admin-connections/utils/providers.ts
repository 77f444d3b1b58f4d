import type { Provider } from '@villas/shared';

/** The providers offered, in the form's order, with the names people know them by. */
export const PROVIDER_LABELS: Record<Provider, string> = {
  airbnb: 'Airbnb',
  vrbo: 'Vrbo',
  booking: 'Booking.com',
  expedia: 'Expedia',
  invenio: 'Invenio Homes',
  custom: 'Custom',
};

export const PROVIDER_OPTIONS = (Object.keys(PROVIDER_LABELS) as Provider[]).map((value) => ({
  value,
  label: PROVIDER_LABELS[value],
}));

/** Invenio's API secret is its business partner UUID. */
export const secretLabel = (provider: Provider) =>
  provider === 'invenio' ? 'API Secret (BP UUID)' : 'API Secret (optional)';
