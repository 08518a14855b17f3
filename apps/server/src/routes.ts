import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { dashboardRoutes } from './modules/analytics/index.ts';
import { apiTokenAdminRoutes, apiTokenRoutes } from './modules/api-tokens/index.ts';
import { assetAdminRoutes, assetRoutes } from './modules/assets/index.ts';
import { auditLogRoutes, myActivityRoutes } from './modules/audit-logs/index.ts';
import { authRoutes, loginRoutes, profileRoutes } from './modules/auth/index.ts';
import { calendarFeedRoutes, calendarRoutes } from './modules/calendar/index.ts';
import { checklistAdminRoutes, checklistRoutes, taskChecklistRoutes } from './modules/checklists/index.ts';
import { clientConfigRoutes } from './modules/client-config/index.ts';
import { eventAdminRoutes, eventRoutes, taskRoutes } from './modules/events/index.ts';
import { exportRoutes } from './modules/exports/index.ts';
import { fieldAdminRoutes, fieldRoutes } from './modules/fields/index.ts';
import { fileRoutes } from './modules/files/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { importRoutes } from './modules/imports/index.ts';
import { labelRoutes } from './modules/labels/index.ts';
import { locationAdminRoutes, locationRoutes } from './modules/locations/index.ts';
import {
  assetMeterAdminRoutes,
  assetMeterRoutes,
  meterAdminRoutes,
  meterRoutes,
} from './modules/meters/index.ts';
import {
  adminOrganizationRoutes,
  organizationSettingsRoutes,
  publicOrganizationRoutes,
} from './modules/organizations/index.ts';
import { publicAssetRoutes } from './modules/public/index.ts';
import { publicReportRoutes, publicRequestStatusRoutes, requestRoutes } from './modules/requests/index.ts';
import { sampleDataRoutes } from './modules/sample-data/index.ts';
import { scheduleAdminRoutes, scheduleRoutes, testClockRoutes } from './modules/schedules/index.ts';
import { ssoRoutes, ssoSettingsRoutes } from './modules/sso/index.ts';
import { localUploadRoutes, uploadRoutes } from './modules/uploads/index.ts';
import { userAdminRoutes, userRoutes } from './modules/users/index.ts';
import { webhookAdminRoutes } from './modules/webhooks/index.ts';
import { accessScope } from './plugins/access-scopes.ts';
import { apiDocsUi } from './plugins/api-docs.ts';
import { scopeToOrganizationParam } from './plugins/db-scope.ts';
import { metricsRoutes } from './plugins/metrics.ts';
import { publicPageGuards } from './plugins/public-pages.ts';
import staticSpa from './plugins/static-spa.ts';
import { LOCAL_UPLOAD_PATH } from './storage/upload-signature.ts';

/**
 * Every route of the app, by who may call it. A route's access is the scope it is registered in;
 * the scope's hooks authenticate and authorize before the body is read or validated. API tokens
 * (ADR 061) reach every signed-in scope except the two that refuse them (ADR 082 for sign-in settings).
 */
export async function registerRoutes(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(
    accessScope('public', async (scope) => {
      await scope.register(loginRoutes, { prefix: '/api/auth' });
      await scope.register(ssoRoutes, { prefix: '/api/auth/sso' });
      // What a QR code opens: rate limited per address, with ETags.
      await scope.register(async (pages) => {
        await publicPageGuards(pages);
        // Each path names its organization (the calendar feed's token does, once found).
        pages.addHook('preHandler', scopeToOrganizationParam);
        await pages.register(publicAssetRoutes, { prefix: '/public/orgs' });
        await pages.register(fileRoutes, { prefix: '/public/orgs' });
        await pages.register(publicOrganizationRoutes, { prefix: '/public/orgs' });
        await pages.register(calendarFeedRoutes, { prefix: '/public/calendar' });
        // Requests from the QR code (ADR 129): the form, its challenge, "me too", the reporter's status.
        await pages.register(publicReportRoutes, { prefix: '/public/orgs' });
        await pages.register(publicRequestStatusRoutes, { prefix: '/public/requests' });
      });
      // Authorized by the signature in its URL, not by a token.
      await scope.register(localUploadRoutes, { prefix: LOCAL_UPLOAD_PATH });
      await scope.register(apiDocsUi);
      await scope.register(healthRoutes);
      // Prometheus: authorized by METRICS_TOKEN, not by a user's token.
      await scope.register(metricsRoutes);
      await scope.register(clientConfigRoutes);
      await scope.register(staticSpa, { webDistDir: config.webDistDir });
    }),
  );
  await app.register(
    accessScope('signed-in', async (scope) => {
      await scope.register(authRoutes, { prefix: '/api/auth' });
      await scope.register(fieldRoutes, { prefix: '/api/fields' });
      await scope.register(assetRoutes, { prefix: '/api/assets' });
      await scope.register(eventRoutes, { prefix: '/api/assets' });
      await scope.register(assetMeterRoutes, { prefix: '/api/assets' });
      await scope.register(meterRoutes, { prefix: '/api/meters' });
      await scope.register(taskRoutes, { prefix: '/api/tasks' });
      await scope.register(taskChecklistRoutes, { prefix: '/api/events' });
      await scope.register(checklistRoutes, { prefix: '/api/checklists' });
      await scope.register(scheduleRoutes, { prefix: '/api/schedules' });
      await scope.register(calendarRoutes, { prefix: '/api/calendar' });
      await scope.register(userRoutes, { prefix: '/api/users' });
      await scope.register(exportRoutes, { prefix: '/api/exports' });
      await scope.register(labelRoutes, { prefix: '/api/labels' });
      await scope.register(locationRoutes, { prefix: '/api/locations' });
      await scope.register(requestRoutes, { prefix: '/api/requests' });
      await scope.register(uploadRoutes, { prefix: '/api/uploads' });
      await scope.register(myActivityRoutes, { prefix: '/api/audit-logs/my-activity' });
    }),
  );
  await app.register(
    accessScope('admin', async (scope) => {
      await scope.register(fieldAdminRoutes, { prefix: '/api/admin/fields' });
      await scope.register(userAdminRoutes, { prefix: '/api/admin/users' });
      await scope.register(dashboardRoutes, { prefix: '/api/admin/dashboard' });
      await scope.register(auditLogRoutes, { prefix: '/api/audit-logs' });
      await scope.register(importRoutes, { prefix: '/api/admin/imports' });
      await scope.register(assetAdminRoutes, { prefix: '/api/admin/assets' });
      await scope.register(eventAdminRoutes, { prefix: '/api/admin/assets' });
      await scope.register(assetMeterAdminRoutes, { prefix: '/api/admin/assets' });
      await scope.register(meterAdminRoutes, { prefix: '/api/admin/meters' });
      await scope.register(scheduleAdminRoutes, { prefix: '/api/admin/schedules' });
      await scope.register(checklistAdminRoutes, { prefix: '/api/admin/checklists' });
      await scope.register(organizationSettingsRoutes, { prefix: '/api/admin/organization' });
      await scope.register(webhookAdminRoutes, { prefix: '/api/admin/webhooks' });
      await scope.register(sampleDataRoutes, { prefix: '/api/admin/sample-data' });
      await scope.register(locationAdminRoutes, { prefix: '/api/admin/locations' });
    }),
  );
  // What an API token must never do (ADR 061, 082): manage tokens, change the password or the
  // email, change how people sign in.
  await app.register(
    accessScope(
      'signed-in',
      async (scope) => {
        await scope.register(profileRoutes, { prefix: '/api/auth' });
        await scope.register(apiTokenRoutes, { prefix: '/api/api-tokens' });
      },
      { apiTokens: false },
    ),
  );
  await app.register(
    accessScope(
      'admin',
      async (scope) => {
        await scope.register(apiTokenAdminRoutes, { prefix: '/api/admin/api-tokens' });
        await scope.register(ssoSettingsRoutes, { prefix: '/api/admin/organization/sso' });
      },
      { apiTokens: false },
    ),
  );
  await app.register(
    accessScope('super-admin', async (scope) => {
      await scope.register(adminOrganizationRoutes, { prefix: '/api/admin/organizations' });
      // End-to-end tests only (TEST_CLOCK): without it the path does not exist.
      if (config.testClock) await scope.register(testClockRoutes, { prefix: '/api/test/clock' });
    }),
  );
}
