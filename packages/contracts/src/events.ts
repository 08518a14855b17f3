import { z } from 'zod';
import { ZFile } from './files.ts';

export const TASK_STATUSES = ['Pending', 'InProgress', 'Completed'] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TTaskStatus, string> = {
  Pending: 'Pending',
  InProgress: 'In progress',
  Completed: 'Completed',
};

export const ZEventFieldValue = z.object({ fieldId: z.string(), label: z.string(), value: z.string() });

export const ZChangeLogEntry = z.object({
  id: z.string(),
  changedAt: z.string(),
  changedBy: z.string().nullable(),
  changes: z.array(z.string()),
});

/** A maintenance event with its task stamps (user display names), custom values, files and change log. */
export const ZMaintenanceEvent = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string().nullable(),
  recordedBy: z.string().nullable(),
  performedAt: z.string(),
  taskStatus: z.enum(TASK_STATUSES),
  taskStartedAt: z.string().nullable(),
  taskStartedBy: z.string().nullable(),
  taskCompletedAt: z.string().nullable(),
  taskCompletedBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  fields: z.array(ZEventFieldValue),
  files: z.array(ZFile),
  changeLog: z.array(ZChangeLogEntry),
});
export type TMaintenanceEvent = z.infer<typeof ZMaintenanceEvent>;
