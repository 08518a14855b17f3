import type { TReportCreated } from '@mqr/contracts';
import { newKey, offlineDb, removeEntry, saveEntry, type TOutboxEntry } from '#web/features/offline/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { postReport, type TReportDraft } from '../api/reports.ts';
import { solveReportChallenge } from './altcha.ts';
import { markWaitingReports } from './waiting-reports.ts';

/**
 * Reports a visitor made without a connection wait in the field app's outbox (features/offline,
 * ADR 055) under an owner of their own: no signed-in user's outbox screen lists them, and they are
 * sent from the public page (a visitor has no session), each with its Idempotency-Key.
 */
export const PUBLIC_REPORTS_OWNER = 'public-reports';

type TQueuedReport = {
  kind: 'public-report';
  organizationId: string;
  slug: string;
  draft: Omit<TReportDraft, 'photos'>;
};

function queuedReport(entry: TOutboxEntry): TQueuedReport | null {
  const write = entry.write as unknown as Partial<TQueuedReport>;
  return write.kind === 'public-report' ? (write as TQueuedReport) : null;
}

/** Keeps a report (and its resized photos) on this device until it can be sent with `key`. */
export async function queueReport(
  organizationId: string,
  slug: string,
  assetName: string,
  draft: TReportDraft,
  key: string,
): Promise<void> {
  const { photos, ...fields } = draft;
  const write: TQueuedReport = { kind: 'public-report', organizationId, slug, draft: fields };
  const entry: Omit<TOutboxEntry, 'id'> = {
    owner: PUBLIC_REPORTS_OWNER,
    createdAt: new Date().toISOString(),
    key,
    // The outbox's entries carry their write as stored: this owner's are reports (queuedReport reads them).
    write: write as unknown as TOutboxEntry['write'],
    files: photos.map((photo, index) => ({
      id: newKey(),
      name: `photo-${index + 1}.jpg`,
      type: photo.type || 'image/jpeg',
      size: photo.size,
      blob: photo,
      presignKey: '',
      objectKey: null,
    })),
    assetName,
    state: 'waiting',
    message: null,
  };
  await (await offlineDb()).add('outbox', entry as TOutboxEntry);
  markWaitingReports(true);
}

const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.isNetworkError || error.status >= 500 || error.status === 429;

type TSent = Array<{ key: string; receipt: TReportCreated }>;
/** The round under way: the page and the open form both send when the connection returns. */
let running: Promise<TSent> | null = null;

/**
 * Sends the reports waiting on this device, oldest first; answers the receipts of those sent. A
 * report the server refuses (4xx) is kept as failed rather than retried forever; no connection
 * stops the round.
 */
export function sendQueuedReports(): Promise<TSent> {
  running ??= sendRound().finally(() => {
    running = null;
  });
  return running;
}

async function sendRound(): Promise<TSent> {
  const db = await offlineDb();
  const entries = (await db.getAllFromIndex('outbox', 'owner', PUBLIC_REPORTS_OWNER)).sort(
    (a, b) => a.id - b.id,
  );
  const sent: TSent = [];
  for (const entry of entries) {
    const report = queuedReport(entry);
    if (!report || entry.state !== 'waiting') continue;
    try {
      const altcha = await solveReportChallenge(report.organizationId, report.slug);
      const photos = entry.files.map((file) => file.blob);
      const receipt = await postReport(
        report.organizationId,
        report.slug,
        { ...report.draft, photos },
        altcha,
        entry.key,
      );
      await removeEntry(entry.id);
      sent.push({ key: entry.key, receipt });
    } catch (error) {
      if (isTransient(error)) break;
      await saveEntry({
        ...entry,
        state: 'failed',
        message: error instanceof Error ? error.message : null,
        files: [],
      });
    }
  }
  const left = await db.getAllFromIndex('outbox', 'owner', PUBLIC_REPORTS_OWNER);
  markWaitingReports(left.some((entry) => entry.state === 'waiting'));
  return sent;
}
