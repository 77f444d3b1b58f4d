export * from './amenities.js';
export * from './pricing.js';
export * from './weekly-price.js';
export * from './currency.js';
export * from './client-price.js';
export * from './text.js';
export * from './search-summary.js';
export * from './inquiry-type.js';
