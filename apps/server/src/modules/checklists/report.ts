import type { TLanguage } from '@mqr/contracts';
import pLimit from 'p-limit';
import type { DbOrTx } from '#server/db/client.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { getOrganization } from '../organizations/index.ts';
import { findFollowUpsOf } from './queries.ts';
import type { ReportStep } from './render-report.ts';
import { loadTaskChecklist } from './service.ts';
import { readStoredObject } from './stored-images.ts';

export interface ReportContext {
  organizationId: string;
  /** The organization's time zone: the report's times are in it. */
  timeZone: string;
  /** The language of who downloads it: the report's own words are in it (ADR 119). */
  language: TLanguage;
  storage: FileStorage;
  /** An image larger than this is not read (the upload limit). */
  maxImageBytes: number;
  now: Date;
  /** Reports an image that could not be read: the report says so in its place. */
  onImageError: (error: unknown, objectKey: string) => void;
}

/** Images read from storage at once for one report. */
const IMAGES_AT_ONCE = 4;

/** A task's report file name: "checklist-<asset slug>-<date>.pdf". */
export const reportFileName = (assetSlug: string, date: string) => `checklist-${assetSlug}-${date}.pdf`;

/**
 * The completion report of a task's checklist (ADR 135): its version's steps with their answers,
 * who and when, the follow-ups opened, the photos and signature read from storage (a few at a time;
 * one that cannot be read is said so), rendered as a PDF. NOT_FOUND for a task not of the
 * organization or without a checklist.
 */
export async function makeChecklistReport(
  db: DbOrTx,
  context: ReportContext,
  eventId: string,
): Promise<{ pdf: Uint8Array; assetSlug: string }> {
  const { organizationId } = context;
  const { task, responses, summary } = await loadTaskChecklist(db, organizationId, eventId);
  const organization = await getOrganization(db, organizationId);
  const followUps = new Map(
    (await findFollowUpsOf(db, organizationId, task.eventId)).map((row) => [row.stepKey, row.title]),
  );
  const byKey = new Map(responses.map((row) => [row.stepKey, row]));
  const limit = pLimit(IMAGES_AT_ONCE);
  const images = new Map(
    await Promise.all(
      responses
        .filter((row) => row.file)
        .map((row) =>
          limit(async () => {
            const objectKey = row.file!.objectKey;
            try {
              return [
                row.stepKey,
                await readStoredObject(context.storage, objectKey, context.maxImageBytes),
              ] as const;
            } catch (error) {
              context.onImageError(error, objectKey);
              return [row.stepKey, undefined] as const;
            }
          }),
        ),
    ),
  );

  const steps: ReportStep[] = task.steps.map((step) => {
    const row = byKey.get(step.key);
    return {
      step,
      answer: row
        ? {
            outcome: row.outcome,
            numberValue: row.numberValue,
            textValue: row.textValue,
            flagged: row.flagged,
            doneBy: row.doneByName,
            doneAt: row.doneAt,
            followUpTitle: followUps.get(step.key) ?? null,
          }
        : null,
      image: images.get(step.key) ?? null,
    };
  });

  // The renderer (pdf-lib) loads with the first report, not with the server (ADR 033).
  const { renderChecklistReport } = await import('./render-report.ts');
  const pdf = await renderChecklistReport({
    language: context.language,
    timeZone: context.timeZone,
    organizationName: organization.name,
    asset: { name: task.assetName, slug: task.assetSlug },
    task: { title: task.title, completedAt: task.taskCompletedAt, completedBy: task.taskCompletedBy },
    checklist: { name: task.name, version: task.version },
    summary,
    steps,
    madeAt: context.now,
  });
  return { pdf, assetSlug: task.assetSlug };
}
