import type { TDashboardAnalytics, THistoryEvent } from '@mqr/contracts';
import { TASK_ASSET_ID } from '#web/features/events/task-fixtures.ts';

/* Test data for the dashboard's figures (their history and team rows link to the tasks' asset). */

/** A GET /api/admin/dashboard/analytics answer: two assets, two people, overridable. */
export function analyticsResponse(overrides: Partial<TDashboardAnalytics> = {}): TDashboardAnalytics {
  return {
    rangeDays: 30,
    turnaroundDays: 14,
    timeZone: 'UTC',
    summary: { completedEvents: 3, averageTurnaroundHours: 12.25, activeJobs: 2, activeUsers: 2 },
    historyBuckets: [
      { date: '2026-02-02', count: 1 },
      { date: '2026-02-03', count: 2 },
    ],
    maintenanceHistory: [
      historyEvent({
        title: 'Replace filter',
        taskCompletedAt: '2026-02-03T15:00:00.000Z',
        turnaroundHours: 6,
      }),
      historyEvent({
        title: 'Check belts',
        taskCompletedAt: '2026-02-03T09:00:00.000Z',
        turnaroundHours: 20.75,
      }),
      historyEvent({
        assetId: '0193f8a0-0000-7000-8000-0000000000b2',
        assetName: 'Boiler 1',
        assetSlug: 'boiler-1-cd34',
        title: 'Flush lines',
        taskCompletedAt: '2026-02-02T11:00:00.000Z',
        turnaroundHours: 10,
      }),
    ],
    turnaroundMetrics: [
      { label: 'Overall', assetId: null, averageHours: 12.25, sampleSize: 3 },
      { label: 'Chiller 2', assetId: TASK_ASSET_ID, averageHours: 13, sampleSize: 2 },
      { label: 'Boiler 1', assetId: '0193f8a0-0000-7000-8000-0000000000b2', averageHours: 10, sampleSize: 1 },
    ],
    overallTurnaroundHours: 12.25,
    userPerformance: [
      {
        userId: '0193f8a0-0000-7000-8000-0000000000c1',
        displayName: 'Sam Rivera',
        email: 'sam@example.com',
        activeJobs: 1,
        completedJobs: 2,
        averageLeadTimeHours: 4.5,
      },
      {
        userId: '0193f8a0-0000-7000-8000-0000000000c2',
        displayName: 'Kim Lee',
        email: 'kim@example.com',
        activeJobs: 1,
        completedJobs: 1,
        averageLeadTimeHours: 9,
      },
    ],
    dueTasks: { today: '2026-02-04', overdue: 0, dueNext7Days: 0 },
    pmCompliance: {
      from: '2026-01-05',
      to: '2026-02-03',
      scheduledTasks: 0,
      completedOnTime: 0,
      rate: null,
      assets: [],
    },
    requests: { waiting: 2, waitingUnsafe: 1, reported: 5, triaged: 3, medianTriageHours: 4.5 },
    ...overrides,
  };
}

let counter = 0;

export function historyEvent(overrides: Partial<THistoryEvent> = {}): THistoryEvent {
  counter += 1;
  return {
    eventId: `0193f8a0-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    assetId: TASK_ASSET_ID,
    assetName: 'Chiller 2',
    assetSlug: 'chiller-2-ab12',
    title: `Job ${counter}`,
    performedAt: '2026-02-02T09:00:00.000Z',
    taskCompletedAt: '2026-02-03T09:00:00.000Z',
    recordedBy: 'Sam Rivera',
    turnaroundHours: 24,
    ...overrides,
  };
}
