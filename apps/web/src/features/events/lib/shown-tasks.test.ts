import type { TAsset, TPendingTask, TTaskStatus } from '@mqr/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { asset } from '#web/features/assets/asset-fixtures.ts';
import { assetKeys } from '#web/features/assets/index.ts';
import type { TPage } from '#web/lib/paged-response.ts';
import { taskKeys } from '../api/task-keys.ts';
import { maintenanceEvent } from '../event-fixtures.ts';
import { pendingTask } from '../task-fixtures.ts';
import { showSavedEvent, showTaskStamps, stampsAfter, stampsBefore } from './shown-tasks.ts';

const AT = '2026-05-03T13:03:00.000Z';
/** When the asset's page was read from the server. */
const READ_AT = Date.parse('2026-05-03T12:00:00.000Z');

function cacheWith(taskStatus: TTaskStatus) {
  const queryClient = new QueryClient();
  const event = maintenanceEvent({ id: 'e1', taskStatus, performedAt: '2026-05-01T08:00:00.000Z' });
  queryClient.setQueryData<TAsset>(
    assetKeys.detail('a1'),
    asset({ id: 'a1', events: [event], eventCount: 1 }),
    { updatedAt: READ_AT },
  );
  const task = pendingTask({ eventId: 'e1', assetId: 'a1', taskStatus });
  const page: TPage<TPendingTask> = { items: [task], total: 1, totalCapped: false, page: 1, pageSize: 20 };
  queryClient.setQueryData(taskKeys.pendingPage(1, { due: 'overdue', mine: false }), page);
  const shown = () => ({
    onAssetPage: queryClient.getQueryData<TAsset>(assetKeys.detail('a1'))!.events[0],
    inPendingTasks: queryClient.getQueryData<TPage<TPendingTask>>(
      taskKeys.pendingPage(1, { due: 'overdue', mine: false }),
    )!.items[0],
  });
  return { queryClient, shown };
}

const stampsIn = (shown: object) => {
  const { taskStatus, taskStartedAt, taskStartedBy, taskCompletedAt, taskCompletedBy } = shown as Record<
    string,
    unknown
  >;
  return { taskStatus, taskStartedAt, taskStartedBy, taskCompletedAt, taskCompletedBy };
};

describe('what the screens show of a task and keep', () => {
  it('a Pending task completed offline: started and completed then, by the user, on its asset page and in every pending list', () => {
    const { queryClient, shown } = cacheWith('Pending');
    showTaskStamps(
      queryClient,
      { assetId: 'a1', eventId: 'e1' },
      stampsAfter('complete', 'Pending', AT, 'Tess'),
    );
    const done = {
      taskStatus: 'Completed',
      taskStartedAt: AT,
      taskStartedBy: 'Tess',
      taskCompletedAt: AT,
      taskCompletedBy: 'Tess',
    };
    expect(stampsIn(shown().onAssetPage!)).toEqual(done);
    expect(stampsIn(shown().inPendingTasks!)).toEqual(done);
    // Shown, not read: the page still says when it was read ("Offline: last seen at", ADR 127).
    expect(queryClient.getQueryState(assetKeys.detail('a1'))?.dataUpdatedAt).toBe(READ_AT);
  });

  it('an action discarded before it was sent is undone, whatever the task was before', () => {
    for (const [action, from] of [
      ['start', 'Pending'],
      ['complete', 'Pending'],
      ['complete', 'InProgress'],
    ] as const) {
      const { queryClient, shown } = cacheWith(from);
      const before = stampsIn(shown().onAssetPage!);
      const task = { assetId: 'a1', eventId: 'e1' };
      showTaskStamps(queryClient, task, stampsAfter(action, from, AT, 'Tess'));
      expect(stampsIn(shown().onAssetPage!)).not.toEqual(before);
      showTaskStamps(queryClient, task, stampsBefore(action, from));
      expect(stampsIn(shown().onAssetPage!)).toEqual(before);
      expect(stampsIn(shown().inPendingTasks!)).toEqual(stampsIn({ ...pendingTask(), taskStatus: from }));
    }
  });

  it("shows the server's answer: a saved event replaces its copy, a new one joins the asset's page by date", () => {
    const { queryClient, shown } = cacheWith('InProgress');
    const answer = maintenanceEvent({
      id: 'e1',
      taskStatus: 'Completed',
      taskCompletedAt: AT,
      taskCompletedBy: 'Tess',
      performedAt: '2026-05-01T08:00:00.000Z',
    });
    showSavedEvent(queryClient, 'a1', answer);
    expect(shown().onAssetPage).toEqual(answer);
    expect(shown().inPendingTasks).toMatchObject({ taskStatus: 'Completed', taskCompletedAt: AT });

    const recorded = maintenanceEvent({ id: 'e2', performedAt: AT });
    showSavedEvent(queryClient, 'a1', recorded);
    const page = queryClient.getQueryData<TAsset>(assetKeys.detail('a1'))!;
    expect(page.events.map((event) => event.id)).toEqual(['e2', 'e1']);
    expect(page.eventCount).toBe(2);
  });
});
