import {
  ADMIN_PROPERTIES_PAGE_SIZE,
  INBOX_PAGE_SIZE,
  type HoldStatus,
  type InboxFilters,
  type LinkPricePreviewInput,
  type SyncStatus,
  type UserStatus,
} from '@villas/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Every query key of the web app, and every set of keys a change invalidates, in one place.
 *
 * A key is the URL it reads first (the default query function GETs `queryKey[0]`, and a
 * server-rendered answer is seeded under its URL), then whatever else tells two reads of that URL
 * apart. Features build keys only with `queryKeys` and clear caches only with `invalidate` and
 * `scopes`, so a key that matches no query does not compile.
 */

const withQuery = (path: string, params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const s = search.toString();
  return s ? `${path}?${s}` : path;
};

/** One page of a Users tab list. */
export const USERS_PAGE_SIZE = 24;
/** One page of the Recent sync jobs list. */
export const SYNC_REPORTS_PAGE_SIZE = 20;

const paths = {
  adminProperties: '/api/admin/properties',
  properties: '/api/properties',
  propertySearch: '/api/properties/search',
  availability: '/api/availability',
  calendarPricing: '/api/calendar-pricing',
  adminOverview: '/api/admin/overview',
  adminInsight: '/api/admin/insight',
  adminLocations: '/api/admin/locations',
  locations: '/api/locations',
  adminUsers: '/api/admin/users',
  user: '/api/auth/user',
  apiConnections: '/api/admin/api-connections',
  syncReports: '/api/admin/sync-reports',
  syncStats: '/api/admin/sync-stats',
  holds: '/api/holds',
  adminHolds: '/api/admin/holds',
  dashboardLinks: '/api/user/dashboard/white-label-links',
  agentLinks: '/api/white-label/agent',
  agentInquiries: '/api/white-label-inquiries/agent',
  pricePreview: '/api/white-label/price-preview',
  adminInquiries: '/api/admin/inquiries',
  notifications: '/api/notifications',
} as const;

export const queryKeys = {
  user: () => [paths.user] as const,
  company: () => ['/api/company'] as const,
  exchangeRates: () => ['/api/exchange-rates'] as const,
  locations: () => [paths.locations] as const,
  amenities: () => ['/api/amenities'] as const,
  notifications: (userId: number) => [`${paths.notifications}/${userId}`] as const,

  // The catalogue and what agents read of one villa.
  propertySearch: <T extends readonly unknown[]>(...parts: T) => [paths.propertySearch, ...parts] as const,
  property: (id: number) => [`${paths.properties}/${id}`] as const,
  propertyStayRules: (id: number) => [`${paths.properties}/${id}/stay-rules`] as const,
  featuredProperty: () => [`${paths.properties}/featured`] as const,

  // The client's white-label page.
  collection: (uuid: string) => [`/api/white-label/${encodeURIComponent(uuid)}`] as const,
  collectionStayRules: (uuid: string) => [`/api/white-label/${encodeURIComponent(uuid)}/stay-rules`] as const,

  // The agent's links and inquiries.
  dashboardLinks: () => [paths.dashboardLinks] as const,
  agentLinks: (agentId: number) => [`${paths.agentLinks}/${agentId}`] as const,
  agentInquiries: (agentId: number) => [`${paths.agentInquiries}/${agentId}`] as const,
  pricePreview: (input: LinkPricePreviewInput) => [paths.pricePreview, input] as const,

  // Holds.
  holds: (q: { status?: HoldStatus; propertyId?: number } = {}) =>
    [
      withQuery(paths.holds, {
        status: q.status,
        propertyId: q.propertyId ? String(q.propertyId) : undefined,
      }),
    ] as const,
  propertyHolds: (propertyId: number) => [`${paths.holds}?propertyId=${propertyId}&status=active`] as const,
  adminHolds: (limit: number) => [`${paths.adminHolds}?limit=${limit}`] as const,

  // The admin's properties and their calendars.
  adminProperties: (q = '') =>
    [withQuery(paths.adminProperties, { q, limit: String(ADMIN_PROPERTIES_PAGE_SIZE) })] as const,
  adminAmenities: () => ['/api/admin/amenities'] as const,
  adminLocations: () => [paths.adminLocations] as const,
  icalFeeds: (propertyId: number) => [`${paths.adminProperties}/${propertyId}/ical-feeds`] as const,
  icalExport: (propertyId: number) => [`${paths.adminProperties}/${propertyId}/ical-export`] as const,
  adminStayRules: (propertyId: number) => [`${paths.adminProperties}/${propertyId}/stay-rules`] as const,
  availability: (propertyId: number, startDate: string, endDate: string) =>
    [`${paths.availability}/${propertyId}?${new URLSearchParams({ startDate, endDate })}`] as const,
  calendarPricing: (propertyId: number, startDate: string, endDate: string) =>
    [`${paths.calendarPricing}/${propertyId}?${new URLSearchParams({ startDate, endDate })}`] as const,

  // The rest of the admin panel.
  adminOverview: () => [paths.adminOverview] as const,
  adminInsight: () => [paths.adminInsight] as const,
  adminUsers: (status: UserStatus, q = '') =>
    [withQuery(paths.adminUsers, { status, q, limit: String(USERS_PAGE_SIZE) })] as const,
  adminUsersSummary: (q = '') => [withQuery(`${paths.adminUsers}/summary`, { q })] as const,
  adminLinks: (q = '') => [`/api/admin/white-label-links${q ? `?q=${encodeURIComponent(q)}` : ''}`] as const,
  /** The inbox with its filters (a page's offset is added by the query). */
  adminInquiries: (f: InboxFilters = {}) =>
    [
      withQuery(paths.adminInquiries, {
        source: f.source,
        status: f.status,
        agentId: f.agentId ? String(f.agentId) : undefined,
        propertyId: f.propertyId ? String(f.propertyId) : undefined,
        from: f.from,
        to: f.to,
        limit: String(INBOX_PAGE_SIZE),
      }),
    ] as const,
  auditLog: (limit: number) => [`/api/admin/audit-log?limit=${limit}`] as const,
  apiConnections: () => [paths.apiConnections] as const,
  syncStats: () => [paths.syncStats] as const,
  syncReports: (status: 'all' | SyncStatus) =>
    [
      withQuery(paths.syncReports, {
        limit: String(SYNC_REPORTS_PAGE_SIZE),
        status: status === 'all' ? undefined : status,
      }),
    ] as const,
  syncReport: (id: number) => [`${paths.syncReports}/${id}`] as const,
};

declare const scopeBrand: unique symbol;

/** A set of queries a change makes stale: made only by `scopes`, so each one matches real keys. */
export interface QueryScope {
  readonly path: string;
  readonly [scopeBrand]: true;
}

const scope = (path: string) => ({ path }) as QueryScope;

/**
 * The sets of queries a change invalidates. A scope holds the queries whose URL is its path, or
 * starts with its path followed by '?' (another search) or '/' (something below it).
 */
export const scopes = {
  /** The admin's property list, and each property's feeds, export and stay rules. */
  adminProperties: () => scope(paths.adminProperties),
  /** Everything agents read of villas: the search, one villa, its stay rules, the featured one. */
  properties: () => scope(paths.properties),
  propertySearch: () => scope(paths.propertySearch),
  property: (id: number) => scope(queryKeys.property(id)[0]),
  propertyStayRules: (id: number) => scope(queryKeys.propertyStayRules(id)[0]),
  /** Every window of availability (of one property, or of all). */
  availability: (propertyId?: number) =>
    scope(propertyId == null ? paths.availability : `${paths.availability}/${propertyId}`),
  calendarPricing: (propertyId?: number) =>
    scope(propertyId == null ? paths.calendarPricing : `${paths.calendarPricing}/${propertyId}`),
  adminStayRules: (propertyId: number) => scope(queryKeys.adminStayRules(propertyId)[0]),
  icalFeeds: (propertyId: number) => scope(queryKeys.icalFeeds(propertyId)[0]),
  adminOverview: () => scope(paths.adminOverview),
  adminInsight: () => scope(paths.adminInsight),
  adminLocations: () => scope(paths.adminLocations),
  locations: () => scope(paths.locations),
  adminUsers: () => scope(paths.adminUsers),
  user: () => scope(paths.user),
  notifications: (userId: number) => scope(queryKeys.notifications(userId)[0]),
  apiConnections: () => scope(paths.apiConnections),
  syncReports: () => scope(paths.syncReports),
  syncStats: () => scope(paths.syncStats),
  holds: () => scope(paths.holds),
  adminHolds: () => scope(paths.adminHolds),
  dashboardLinks: () => scope(paths.dashboardLinks),
  agentLinks: () => scope(paths.agentLinks),
  agentInquiries: () => scope(paths.agentInquiries),
  /** The client prices an agent's link form previews (they read the villas' per-date prices). */
  pricePreview: () => scope(paths.pricePreview),
  /** The inbox, whatever its filters. */
  adminInquiries: () => scope(paths.adminInquiries),
};

/** Whether a query's key lies in a scope (see `scopes`). */
export function inScope(s: QueryScope, key: QueryKey): boolean {
  const url = key[0];
  if (typeof url !== 'string') return false;
  return url === s.path || url.startsWith(`${s.path}?`) || url.startsWith(`${s.path}/`);
}

/** Refetches (or marks stale) every query in any of the scopes. */
export const invalidate = (qc: QueryClient, ...which: QueryScope[]) =>
  qc.invalidateQueries({ predicate: (q) => which.some((s) => inScope(s, q.queryKey)) });
