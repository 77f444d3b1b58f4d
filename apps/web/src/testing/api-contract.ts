import {
  adminInsightSchema,
  adminLocationSchema,
  adminOverviewSchema,
  adminPropertiesPageSchema,
  adminUsersSummarySchema,
  adminWhiteLabelLinkSchema,
  amenitySchema,
  apiConnectionSchema,
  auditLogPageSchema,
  availabilityRecordSchema,
  companyInfoSchema,
  countSchema,
  currentUserSchema,
  loginResultSchema,
  exchangeRateSchema,
  featuredPropertySchema,
  holdPageSchema,
  holdReleaseResultSchema,
  holdSchema,
  icalExportSchema,
  icalFeedSchema,
  inboxPageSchema,
  inquiryCreatedSchema,
  inquirySchema,
  invenioResultSchema,
  linkPricePreviewAnswerSchema,
  linkStayRulesSchema,
  locationSchema,
  notificationSchema,
  okSchema,
  pricingRecordSchema,
  propertyPageSchema,
  propertySchema,
  publicWhiteLabelSchema,
  sessionStatusSchema,
  stayRuleSchema,
  stayRuleTermsSchema,
  syncReportSchema,
  syncReportSummarySchema,
  syncStartedSchema,
  syncStatsSchema,
  uploadImageResponseSchema,
  userSchema,
  whiteLabelInquiryCreatedSchema,
  whiteLabelInquirySchema,
  whiteLabelLinkSchema,
} from '@villas/shared';
import { z } from 'zod';

/** A route's success: its status and the shared schema of its body, as the server declares them. */
const answers = <S extends z.ZodType>(schema: S, status: 200 | 201 | 202 = 200) => ({ status, schema });

/**
 * The JSON routes of the API the web app calls, each with the success status and the shared response
 * schema the server's route declares (`schema.response` in apps/server/src/modules/*\/*.routes.ts);
 * apps/server/test/web-contract.test.ts fails when this list and the server's routes part.
 * Test doubles (api-handlers.ts) answer only these routes, with bodies of these types: a route the
 * server does not have, or a body the server could not send, does not compile, and a body that gets
 * past the types (a cast) is still checked against the schema when it is sent.
 */
export const API_CONTRACT = {
  'POST /api/auth/register': answers(userSchema, 201),
  'POST /api/auth/login': answers(loginResultSchema),
  'POST /api/auth/logout': answers(okSchema),
  'GET /api/auth/user': answers(currentUserSchema),
  'GET /api/debug/session': answers(sessionStatusSchema),

  'GET /api/company': answers(companyInfoSchema),
  'GET /api/exchange-rates': answers(z.array(exchangeRateSchema)),
  'PUT /api/admin/exchange-rates': answers(exchangeRateSchema),
  'GET /api/amenities': answers(z.array(amenitySchema)),
  'GET /api/admin/amenities': answers(z.array(amenitySchema)),
  'GET /api/locations': answers(z.array(locationSchema)),
  'GET /api/admin/locations': answers(z.array(adminLocationSchema)),
  'POST /api/admin/locations/region': answers(locationSchema, 201),
  'POST /api/admin/locations/subregion': answers(locationSchema, 201),
  'DELETE /api/admin/locations/region/:regionName': answers(okSchema),
  'DELETE /api/admin/locations/subregion/:regionName/:subregionName': answers(okSchema),

  'GET /api/properties': answers(z.array(propertySchema)),
  'GET /api/properties/featured': answers(featuredPropertySchema),
  'GET /api/properties/:id': answers(propertySchema),
  'POST /api/properties/search': answers(z.union([z.array(propertySchema), propertyPageSchema])),
  'POST /api/properties': answers(propertySchema, 201),
  'PUT /api/properties/:id': answers(propertySchema),
  'DELETE /api/properties/:id': answers(okSchema),
  'POST /api/upload/image': answers(uploadImageResponseSchema, 201),

  'POST /api/daily-pricing': answers(pricingRecordSchema),
  'POST /api/daily-pricing/bulk': answers(countSchema),
  'POST /api/availability': answers(availabilityRecordSchema),
  'POST /api/availability/bulk': answers(countSchema),
  'GET /api/availability/:propertyId': answers(z.array(availabilityRecordSchema)),
  'GET /api/calendar-pricing/:propertyId': answers(z.array(pricingRecordSchema)),

  'POST /api/inquiries': answers(inquiryCreatedSchema, 201),
  'GET /api/admin/inquiries': answers(inboxPageSchema),
  'GET /api/inquiries/off-market': answers(z.array(inquirySchema)),
  'PUT /api/inquiries/:id/status': answers(inquirySchema),

  'POST /api/holds': answers(holdSchema, 201),
  'GET /api/holds': answers(z.array(holdSchema)),
  'GET /api/holds/:id': answers(holdSchema),
  'POST /api/holds/:id/release': answers(holdSchema),
  'POST /api/holds/:id/confirm': answers(holdSchema),
  'GET /api/admin/holds': answers(holdPageSchema),
  'POST /api/admin/holds/release': answers(holdReleaseResultSchema),

  'GET /api/admin/properties/:propertyId/stay-rules': answers(z.array(stayRuleSchema)),
  'POST /api/admin/properties/:propertyId/stay-rules': answers(stayRuleSchema, 201),
  'PUT /api/admin/stay-rules/:id': answers(stayRuleSchema),
  'DELETE /api/admin/stay-rules/:id': answers(okSchema),
  'GET /api/properties/:id/stay-rules': answers(z.array(stayRuleTermsSchema)),
  'GET /api/white-label/:uuid/stay-rules': answers(linkStayRulesSchema),

  'GET /api/notifications/:userId': answers(z.array(notificationSchema)),
  'PUT /api/notifications/:id/read': answers(notificationSchema),
  'DELETE /api/notifications/:id': answers(okSchema),

  'POST /api/white-label': answers(whiteLabelLinkSchema, 201),
  'GET /api/white-label/:uuid': answers(publicWhiteLabelSchema),
  'POST /api/white-label/price-preview': answers(linkPricePreviewAnswerSchema),
  'PATCH /api/white-label/:id': answers(whiteLabelLinkSchema),
  'DELETE /api/white-label/:id': answers(okSchema),
  'POST /api/white-label/:uuid/booking-request': answers(whiteLabelInquiryCreatedSchema, 201),
  'GET /api/user/dashboard/white-label-links': answers(z.array(whiteLabelLinkSchema)),
  'GET /api/white-label/agent/:agentId': answers(z.array(whiteLabelLinkSchema)),
  'GET /api/white-label-inquiries/agent/:agentId': answers(z.array(whiteLabelInquirySchema)),
  'PUT /api/white-label-inquiries/:id': answers(whiteLabelInquirySchema),
  'GET /api/admin/white-label-links': answers(z.array(adminWhiteLabelLinkSchema)),

  'GET /api/admin/overview': answers(adminOverviewSchema),
  'GET /api/admin/insight': answers(adminInsightSchema),
  'GET /api/admin/properties': answers(adminPropertiesPageSchema),
  'GET /api/admin/audit-log': answers(auditLogPageSchema),
  'GET /api/admin/users': answers(z.array(userSchema)),
  'GET /api/admin/users/summary': answers(adminUsersSummarySchema),
  'PUT /api/admin/users/:id': answers(userSchema),
  'DELETE /api/admin/users/:id': answers(okSchema),

  'GET /api/admin/api-connections': answers(z.array(apiConnectionSchema)),
  'POST /api/admin/api-connections': answers(apiConnectionSchema, 201),
  'PATCH /api/admin/api-connections/:id': answers(apiConnectionSchema),
  'DELETE /api/admin/api-connections/:id': answers(okSchema),
  'POST /api/admin/api-connections/:id/sync': answers(syncStartedSchema, 202),
  'GET /api/admin/sync-reports': answers(z.array(syncReportSummarySchema)),
  'GET /api/admin/sync-reports/:id': answers(syncReportSchema),
  'GET /api/admin/sync-stats': answers(syncStatsSchema),
  'POST /api/admin/trigger-comprehensive-sync': answers(syncStartedSchema, 202),
  'POST /api/invenio/villas': answers(invenioResultSchema),
  'POST /api/invenio/search': answers(invenioResultSchema),
  'POST /api/invenio/pricing': answers(invenioResultSchema),
  'POST /api/invenio/sync': answers(invenioResultSchema),
  'GET /api/admin/properties/:id/ical-feeds': answers(z.array(icalFeedSchema)),
  'POST /api/admin/properties/:id/ical-feeds': answers(icalFeedSchema, 201),
  'DELETE /api/admin/properties/:id/ical-feeds/:feedId': answers(okSchema),
  'POST /api/admin/properties/:id/ical-feeds/:feedId/run': answers(syncStartedSchema),
  'GET /api/admin/properties/:id/ical-export': answers(icalExportSchema),
  'POST /api/admin/properties/:id/ical-export/rotate': answers(icalExportSchema),
} as const;

/** 'METHOD /path' of a route the API has, with `:name` for each path parameter. */
export type ApiRoute = keyof typeof API_CONTRACT;

/** The body the server sends on success for `route`. */
export type ApiBody<R extends ApiRoute> = z.output<(typeof API_CONTRACT)[R]['schema']>;
