import {
  type TSampleDataAdded,
  type TSampleDataRemoved,
  type TSampleDataStatus,
  ZSampleDataAdded,
  ZSampleDataRemoved,
  ZSampleDataStatus,
} from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

const PATH = '/api/admin/sample-data';

/** react-query key of the organization's sample data status. */
export const sampleDataKey = ['sample-data'] as const;

/** GET /api/admin/sample-data (administrators). */
export async function getSampleDataStatus(signal?: AbortSignal): Promise<TSampleDataStatus> {
  return ZSampleDataStatus.parse(await apiRequest(PATH, signal ? { signal } : {}));
}

/** POST /api/admin/sample-data: adds the sample site (nothing while one is there). */
export async function addSampleData(): Promise<TSampleDataAdded> {
  return ZSampleDataAdded.parse(await apiRequest(PATH, { method: 'POST', body: {} }));
}

/** DELETE /api/admin/sample-data: removes it, keeping what people changed. */
export async function removeSampleData(): Promise<TSampleDataRemoved> {
  return ZSampleDataRemoved.parse(await apiRequest(PATH, { method: 'DELETE', body: {} }));
}
