import { INPUT_MESSAGES, LATEST_INSTANT } from '@mqr/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi, fieldBody, insertField } from './test/asset-fixtures.ts';
import { tenantWorld } from './test/tenant-world.ts';

// The inputs the attack on a running instance found answering 500 (ADR 019).
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const BEYOND_INT4 = 2 ** 31;

const t = tenantWorld();
let assetId: string;
let eventId: string;
let textFieldId: string;

beforeAll(async () => {
  textFieldId = (await insertField(t.db, t.orgA.organization.id, { dataType: 'Text' })).id;
  assetId = (await createAssetViaApi(t.app, t.headers.adminA, { name: 'Pump' })).id;
  const event = await t.app.inject({
    method: 'POST',
    url: `/api/assets/${assetId}/events`,
    headers: t.headers.adminA,
    payload: { title: 'Inspection' },
  });
  eventId = event.json().id;
});

async function expect400(request: InjectOptions, message?: string) {
  const response = await t.app.inject(request);
  expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status: 400 });
  if (message) expect(JSON.stringify(response.json())).toContain(message);
}

describe('text the database cannot store', () => {
  it('a NUL character or an unpaired surrogate in any text field answers 400 with a clear message', async () => {
    for (const bad of [NUL, LONE_SURROGATE]) {
      const requests: InjectOptions[] = [
        { method: 'POST', url: '/api/assets', payload: { name: bad } },
        { method: 'POST', url: '/api/assets', payload: { name: 'Ok', description: bad } },
        {
          method: 'POST',
          url: '/api/assets',
          payload: { name: 'Ok', fields: [{ fieldId: textFieldId, value: bad }] },
        },
        { method: 'PUT', url: `/api/assets/${assetId}`, payload: { name: bad } },
        { method: 'POST', url: `/api/assets/${assetId}/events`, payload: { title: bad } },
        {
          method: 'PUT',
          url: `/api/assets/${assetId}/events/${eventId}`,
          payload: { title: 'Ok', notes: bad },
        },
        { method: 'POST', url: '/api/admin/fields', payload: fieldBody({ label: bad }) },
        {
          method: 'POST',
          url: '/api/admin/fields',
          payload: fieldBody({ dataType: 'Select', optionsJson: JSON.stringify(['Red', bad]) }),
        },
        { method: 'PUT', url: `/api/admin/users/${t.orgA.member.id}`, payload: { displayName: bad } },
        { method: 'PUT', url: '/api/auth/me', payload: { displayName: bad } },
        { method: 'POST', url: '/api/uploads/presign', payload: { fileName: bad } },
      ];
      // A URL cannot carry a lone surrogate (it is not UTF-8), only a NUL as %00.
      if (bad === NUL) requests.push({ method: 'GET', url: '/api/assets?search=a%00b' });
      for (const request of requests) {
        await expect400({ ...request, headers: t.headers.adminA }, INPUT_MESSAGES.unstorableText);
      }
      await expect400(
        {
          method: 'POST',
          url: '/api/admin/organizations',
          headers: t.headers.superA,
          payload: { name: bad },
        },
        INPUT_MESSAGES.unstorableText,
      );
    }
  });
});

describe('numbers and dates beyond what the columns hold', () => {
  it('displayOrder and maxLength beyond int4 answer 400', async () => {
    await expect400({
      method: 'POST',
      url: '/api/admin/fields',
      headers: t.headers.adminA,
      payload: fieldBody({ displayOrder: BEYOND_INT4 }),
    });
    await expect400({
      method: 'POST',
      url: '/api/admin/fields',
      headers: t.headers.adminA,
      payload: fieldBody({ maxLength: BEYOND_INT4 }),
    });
  });

  it('a page number past the last possible page answers 400', async () => {
    await expect400({
      method: 'GET',
      url: '/api/assets?page=100000000000000000000',
      headers: t.headers.adminA,
    });
    await expect400({ method: 'GET', url: '/api/audit-logs?page=2147483648', headers: t.headers.adminA });
  });

  it('dates outside the years 1900..9999 answer 400, with the range in the message', async () => {
    await expect400(
      {
        method: 'POST',
        url: `/api/assets/${assetId}/events`,
        headers: t.headers.adminA,
        payload: { title: 'Old', performedAt: '0000-01-01T00:00:00Z' },
      },
      INPUT_MESSAGES.instantOutOfRange,
    );
    await expect400(
      { method: 'GET', url: '/api/audit-logs?fromDate=0000-01-01T00:00:00Z', headers: t.headers.adminA },
      INPUT_MESSAGES.instantOutOfRange,
    );
    // Within range in its own offset, past 9999 once in UTC.
    await expect400({
      method: 'POST',
      url: `/api/assets/${assetId}/events`,
      headers: t.headers.adminA,
      payload: { title: 'Late', performedAt: '9999-12-31T23:00:00-05:00' },
    });
  });

  it('the latest date allowed works as an inclusive end of the audit log range', async () => {
    const response = await t.app.inject({
      url: `/api/audit-logs?toDate=${LATEST_INSTANT}`,
      headers: t.headers.adminA,
    });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(0);
    const earliest = await t.app.inject({
      url: '/api/audit-logs/my-activity?fromDate=1900-01-01T00:00:00Z',
      headers: t.headers.adminA,
    });
    expect(earliest.statusCode).toBe(200);
  });
});
