import type { TFile, TPublicAsset } from '@mqr/contracts';
import { eventFile } from '#web/features/events/event-fixtures.ts';

// A public asset as GET /public/orgs/{organizationId}/assets/{slug} answers it: two fields, two events
// (one completed with stamps, fields and a file, one pending), three files.

export const PUBLIC_ORG = '01a1fcbb-8fad-767a-b9d7-6e17acc6f16c';
export const PUBLIC_SLUG = 'boiler-2-x7k2q9';
export const PUBLIC_PATH = `/public/orgs/${PUBLIC_ORG}/assets/${PUBLIC_SLUG}`;

/** A file as the public page lists it: an event's file, at its public address. */
export function publicFile(overrides: Partial<TFile>): TFile {
  return eventFile({ id: 'f-1', objectKey: 'k/1', publicUrl: '/public/files/f-1', ...overrides });
}

export function publicAsset(overrides: Partial<TPublicAsset> = {}): TPublicAsset {
  return {
    name: 'Boiler 2',
    slug: PUBLIC_SLUG,
    description: 'Basement plant room',
    organizationId: PUBLIC_ORG,
    qrCodeUrl: `${PUBLIC_PATH}/qr.png`,
    retiredAt: null,
    fields: [
      { label: 'Serial', value: 'SN-42' },
      { label: 'Colour', value: null },
    ],
    events: [
      {
        title: 'Annual service',
        notes: 'Replaced the filter.',
        recordedBy: 'Sam Tech',
        performedAt: '2026-03-02T09:30:00.000Z',
        taskStatus: 'Completed',
        taskStartedAt: '2026-03-02T09:00:00.000Z',
        taskStartedBy: 'Sam Tech',
        taskCompletedAt: '2026-03-02T11:00:00.000Z',
        taskCompletedBy: 'Kim Lead',
        dueOn: null,
        dueState: 'none',
        fields: [{ label: 'Pressure', value: '1.5 bar' }],
        files: [
          publicFile({
            id: 'f-2',
            fileName: 'after.png',
            contentType: 'image/png',
            publicUrl: '/f/after.png',
          }),
        ],
        checklistSummary: null,
      },
      {
        title: 'Leak check',
        notes: null,
        recordedBy: null,
        performedAt: '2026-02-01T08:00:00.000Z',
        taskStatus: 'Pending',
        taskStartedAt: null,
        taskStartedBy: null,
        taskCompletedAt: null,
        taskCompletedBy: null,
        dueOn: null,
        dueState: 'none',
        fields: [],
        files: [],
        checklistSummary: null,
      },
    ],
    eventsNextAfter: null,
    eventCount: 2,
    nextServiceDue: null,
    overdue: false,
    location: null,
    reporting: { enabled: true, handling: null },
    files: [
      publicFile({
        id: 'f-3',
        fileName: 'manual.pdf',
        contentType: 'application/pdf',
        publicUrl: '/f/manual.pdf',
      }),
      publicFile({ id: 'f-4', fileName: 'README', contentType: '', publicUrl: '/f/readme' }),
      publicFile({ id: 'f-5', fileName: 'front.jpg', contentType: 'image/jpeg', publicUrl: '/f/front.jpg' }),
    ],
    ...overrides,
  };
}
