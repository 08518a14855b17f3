// What other modules and the route table may use of the organizations module (ADR 102): they import it from here only.
export { adminOrganizationRoutes, organizationSettingsRoutes, publicOrganizationRoutes } from './routes.ts';
export { getLogoDelivery, getOrganization, getOrganizationTimeZone, targetOrganization } from './service.ts';
