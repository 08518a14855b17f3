import type { TChecklistStep, TPendingTask, TTaskChecklist } from '@mqr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { taskKeys } from '#web/features/events/index.ts';
import { pendingTask } from '#web/features/events/task-fixtures.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { OfflineWritesContext, type TOfflineWrites } from '#web/lib/offline-writes.ts';
import type { TPage } from '#web/lib/paged-response.ts';
import { jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { summarize } from '../lib/step-values.ts';
import { useStepWrites } from './answer-step.ts';
import { checklistKeys } from './checklist-keys.ts';

const step = (
  key: string,
  kind: TChecklistStep['kind'],
  extra: Partial<TChecklistStep> = {},
): TChecklistStep => ({
  key,
  kind,
  label: key,
  required: true,
  unit: null,
  min: null,
  max: null,
  options: null,
  ...extra,
});
const SEAL = step('seal', 'check');
const PRESSURE = step('pressure', 'number', { unit: 'bar', min: 1, max: 2 });
const STEPS = [SEAL, PRESSURE];
const TASK = { eventId: 'e1', assetId: 'a1', title: 'Annual check' };

function setup(offline: Partial<TOfflineWrites> | null) {
  authStore.login(loginResponse({ displayName: 'Sam Tech' }), 'sam@example.com');
  const queryClient = new QueryClient();
  const checklist: TTaskChecklist = {
    eventId: 'e1',
    assetId: 'a1',
    templateId: 't1',
    name: 'Checks',
    version: 1,
    steps: STEPS,
    responses: [],
    summary: summarize(STEPS, []),
    editable: true,
  };
  queryClient.setQueryData(checklistKeys.task('e1'), checklist);
  // The task in the pending list, with its checklist's summary.
  const listed = pendingTask({
    eventId: 'e1',
    checklist: { templateId: 't1', name: 'Checks', version: 1, summary: checklist.summary },
  });
  const pendingKey = taskKeys.pendingPage(1);
  queryClient.setQueryData<TPage<TPendingTask>>(pendingKey, {
    items: [pendingTask(), listed],
    total: 2,
    totalCapped: false,
    page: 1,
    pageSize: 50,
  });
  const writes: TOfflineWrites | null = offline
    ? { isOffline: () => false, queue: vi.fn(async () => {}), findScannedAsset: async () => null, ...offline }
    : null;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <OfflineWritesContext value={writes}>{children}</OfflineWritesContext>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useStepWrites(TASK), { wrapper });
  const shown = () => queryClient.getQueryData<TTaskChecklist>(checklistKeys.task('e1'));
  const inPendingList = () =>
    queryClient.getQueryData<TPage<TPendingTask>>(pendingKey)?.items.find((task) => task.eventId === 'e1');
  return { writes: result.current, queue: writes?.queue, shown, inPendingList };
}

afterEach(() => {
  vi.useRealTimers();
  authStore.logout();
});

describe('answering a checklist step', () => {
  it('offline: shows the answer at once, flagged, and queues it with the time it was done', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-03T10:00:00.000Z'));
    const { writes, queue, shown, inPendingList } = setup({ isOffline: () => true });
    await expect(writes.answer(PRESSURE, { kind: 'number', numberValue: 3.1 })).resolves.toEqual({
      queued: true,
    });
    expect(queue).toHaveBeenCalledWith({
      kind: 'checklist-step',
      assetId: 'a1',
      eventId: 'e1',
      taskTitle: 'Annual check',
      stepKey: 'pressure',
      stepLabel: 'pressure',
      answer: { numberValue: 3.1 },
      newFiles: [],
      occurredAt: '2026-05-03T10:00:00.000Z',
    });
    expect(shown()?.responses).toEqual([
      expect.objectContaining({
        stepKey: 'pressure',
        numberValue: 3.1,
        flagged: true,
        doneBy: { id: '', name: 'Sam Tech' },
      }),
    ]);
    expect(shown()?.summary).toMatchObject({ done: 1, flagged: 1 });
    // The pending list shows the same progress, even before the answer is sent.
    expect(inPendingList()?.checklist?.summary).toEqual(shown()?.summary);
  });

  it('online: sends the answer with its doneAt and shows the server’s; a dropped connection queues it instead', async () => {
    const calls = mockFetch({
      'PUT /api/events/e1/checklist/steps/seal': (_url, init) =>
        jsonResponse({
          stepKey: 'seal',
          outcome: 'pass',
          numberValue: null,
          textValue: null,
          file: null,
          flagged: false,
          doneBy: { id: 'u1', name: 'Sam Tech' },
          doneAt: JSON.parse(String(init.body)).doneAt,
          followUpEventId: null,
        }),
    });
    const { writes, queue, shown } = setup({});
    const sent = await writes.answer(SEAL, { kind: 'check', outcome: 'pass' });
    expect(sent).toMatchObject({ saved: { stepKey: 'seal', doneBy: { id: 'u1' } } });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ outcome: 'pass', doneAt: expect.any(String) });
    expect(shown()?.responses[0]?.doneBy).toEqual({ id: 'u1', name: 'Sam Tech' });
    expect(queue).not.toHaveBeenCalled();

    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(writes.answer(SEAL, { kind: 'check', outcome: 'fail' })).resolves.toEqual({ queued: true });
    expect(queue).toHaveBeenCalledWith(
      expect.objectContaining({ stepKey: 'seal', answer: { outcome: 'fail' } }),
    );
  });

  it('a refusal puts back what the server had and says why', async () => {
    mockFetch({
      'PUT /api/events/e1/checklist/steps/pressure': () =>
        jsonResponse(
          {
            code: 'VALIDATION',
            message: 'The checklist of a completed task cannot be changed.',
            messageId: 'checklist.taskCompleted',
          },
          409,
        ),
    });
    const { writes, shown } = setup({});
    await expect(writes.answer(PRESSURE, { kind: 'number', numberValue: 1.5 })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(shown()?.responses).toEqual([]);
    expect(shown()?.summary.done).toBe(0);
  });
});
