import type { TMaintenanceEvent, TPendingTask } from '@mqr/contracts';
import { jsonResponse } from '#web/test/fixtures.ts';

/** Test data for the pending tasks of the dashboard. */
export const TASK_ASSET_ID = '0193f8a0-0000-7000-8000-0000000000b1';

let counter = 0;

export function pendingTask(overrides: Partial<TPendingTask> = {}): TPendingTask {
  counter += 1;
  return {
    eventId: `0193f8a0-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    assetId: TASK_ASSET_ID,
    assetName: 'Chiller 2',
    assetSlug: 'chiller-2-ab12',
    title: `Task ${counter}`,
    notes: null,
    recordedBy: null,
    performedAt: '2026-02-03T09:30:00.000Z',
    taskStatus: 'Pending',
    taskStartedAt: null,
    taskStartedBy: null,
    taskCompletedAt: null,
    taskCompletedBy: null,
    dueOn: null,
    dueState: 'none',
    scheduleId: null,
    assigneeId: null,
    assigneeName: null,
    priority: 'normal',
    downFrom: null,
    downTo: null,
    checklist: null,
    ...overrides,
  };
}

/** What POST .../start and .../complete answer: the event after the change. */
export function eventOf(task: TPendingTask, overrides: Partial<TMaintenanceEvent> = {}): TMaintenanceEvent {
  return {
    id: task.eventId,
    title: task.title,
    notes: task.notes,
    recordedBy: task.recordedBy,
    performedAt: task.performedAt,
    taskStatus: task.taskStatus,
    taskStartedAt: task.taskStartedAt,
    taskStartedBy: task.taskStartedBy,
    taskCompletedAt: task.taskCompletedAt,
    taskCompletedBy: task.taskCompletedBy,
    dueOn: task.dueOn,
    dueState: task.dueState,
    scheduleId: task.scheduleId,
    assigneeId: task.assigneeId,
    assigneeName: task.assigneeName,
    priority: task.priority,
    downFrom: task.downFrom,
    downTo: task.downTo,
    timeSpent: [],
    costs: [],
    costTotalMinor: 0,
    currency: 'EUR',
    updatedAt: '2026-02-04T09:30:00.000Z',
    updatedBy: 'Alex Admin',
    fields: [],
    files: [],
    changeLog: [],
    checklist: null,
    followUpOf: null,
    ...overrides,
  };
}

/** A GET /api/tasks/pending answer with its paging headers. */
export function tasksPage(items: TPendingTask[], total = items.length, page = 1, pageSize = 50): Response {
  return jsonResponse(items, 200, {
    'X-Total-Count': String(total),
    'X-Page': String(page),
    'X-Page-Size': String(pageSize),
  });
}
