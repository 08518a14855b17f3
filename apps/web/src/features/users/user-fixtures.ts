import type { TAdminUser } from '@mqr/contracts';

/** Test data for the users screen. */
export const OWN_ORG_ID = '0193f8a0-0000-7000-8000-0000000000f1';
export const OTHER_ORG_ID = '0193f8a0-0000-7000-8000-0000000000f2';

let counter = 0;

export function adminUser(overrides: Partial<TAdminUser> = {}): TAdminUser {
  counter += 1;
  return {
    id: `0193f8a0-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    email: `user${counter}@example.com`,
    displayName: `User ${counter}`,
    isAdmin: false,
    isSuperAdmin: false,
    isActive: true,
    organizationId: OWN_ORG_ID,
    organizationName: 'Acme',
    canEditCompletedMaintenanceEvents: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
