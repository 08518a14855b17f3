import type { TAdminOrganization } from '@mqr/contracts';

/** Test data for the organizations screen. */
let counter = 0;

export function adminOrganization(overrides: Partial<TAdminOrganization> = {}): TAdminOrganization {
  counter += 1;
  const id = `0193f8a0-0000-7000-8000-${String(counter).padStart(12, '0')}`;
  return {
    id,
    name: `Organization ${counter}`,
    logoUrl: null,
    timeZone: 'UTC',
    dailyDigest: true,
    defaultLanguage: 'en',
    publicLocationPages: false,
    publicAssetLocation: false,
    reportingEnabled: true,
    showOpenReports: true,
    requestTriageRole: 'member',
    currency: 'EUR',
    publicChecklistSummary: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A deferred answer: the request waits until `release` is called. */
export function deferred<T>() {
  let release: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
