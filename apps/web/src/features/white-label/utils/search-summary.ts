// Moved to the shared domain rules: the admin White-label tab summarises the same criteria.
export { cleanSearchFilters, searchSummary } from '@villas/shared';
