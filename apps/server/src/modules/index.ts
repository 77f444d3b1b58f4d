import type { FastifyInstance } from 'fastify';
import { amenitiesRoutes } from './amenities/amenities.routes';
import { authRoutes } from './auth/auth.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { companyRoutes } from './company/company.routes';
import { exchangeRatesRoutes } from './exchange-rates/exchange-rates.routes';
import { healthRoutes } from './health/health.routes';
import { holdsPlugin } from './holds/holds.plugin';
import { expireHolds } from './holds/holds.service';
import { inquiriesRoutes } from './inquiries/inquiries.routes';
import { integrationsPlugin } from './integrations/integrations.plugin';
import { locationsRoutes } from './locations/locations.routes';
import { metricsRoutes } from './metrics/metrics.routes';
import { liveNotificationsPlugin } from './notifications/live.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { propertiesRoutes } from './properties/properties.routes';
import { usersRoutes } from './users/users.routes';
import { whiteLabelRoutes } from './white-label/white-label.routes';
import { removePropertyFromLinks } from './white-label/white-label.service';
import { adminOverviewRoutes } from './admin-overview/admin-overview.routes';
import { uploadsRoutes } from './uploads/uploads.routes';
import { adminPropertiesRoutes } from './admin-properties/admin-properties.routes';
import { auditRoutes } from './audit/audit.routes';
import { stayRulesRoutes } from './stay-rules/stay-rules.routes';

/**
 * Every module's routes. Each module plugin declares its full paths (/api/...). A lower module that
 * must call back into a module above it (which imports it) gets that call here, as a plugin option,
 * so no two modules import each other.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(companyRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(notificationsRoutes);
  await app.register(liveNotificationsPlugin);
  await app.register(locationsRoutes);
  await app.register(amenitiesRoutes);
  // A deleted villa leaves white-label links (they keep property ids without a foreign key).
  await app.register(propertiesRoutes, { beforeDelete: removePropertyFromLinks });
  // Holds past their expiry free their nights before an administrator writes availability.
  await app.register(calendarRoutes, {
    freeExpiredHolds: (db, propertyId) => expireHolds(db, { propertyId }),
  });
  await app.register(exchangeRatesRoutes);
  await app.register(inquiriesRoutes);
  await app.register(holdsPlugin);
  await app.register(whiteLabelRoutes);
  await app.register(integrationsPlugin);
  await app.register(adminOverviewRoutes);
  await app.register(uploadsRoutes);
  await app.register(adminPropertiesRoutes);
  await app.register(auditRoutes);
  await app.register(stayRulesRoutes);
}
