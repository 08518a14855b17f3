import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asset } from '#web/features/assets/asset-fixtures.ts';
import { assetKeys } from '#web/features/assets/index.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { formatCalendarDate, formatDate } from '#web/lib/dates.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { eventOf, pendingTask, TASK_ASSET_ID, tasksPage } from '../task-fixtures.ts';

type THandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function setup(handlers: Record<string, THandler>) {
  authStore.login(loginResponse(), 'alex@example.com');
  return mockFetch({ '/api/auth/me': () => jsonResponse(currentUser()), ...handlers });
}

/** A response the test releases when it wants (to look at the busy state first). */
function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release: (response: Response) => release(response) };
}

const actionUrl = (eventId: string, action: 'start' | 'complete') =>
  `POST /api/assets/${TASK_ASSET_ID}/events/${eventId}/${action}`;

const taskItem = (title: string) => screen.findByRole('listitem', { name: title });

function posts(calls: ReturnType<typeof mockFetch>) {
  return calls.filter((c) => c.init.method === 'POST').map((c) => c.url.pathname);
}

describe('pending maintenance tasks', () => {
  beforeEach(() => authStore.logout());

  it('shows the loading text, then each task with its details', async () => {
    const list = deferred();
    const calls = setup({ '/api/tasks/pending': () => list.promise });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: 'Pending maintenance tasks' })).toBeVisible();
    expect(await screen.findByText('Loading tasks...')).toBeInTheDocument();
    list.release(
      tasksPage([
        pendingTask({
          title: 'Replace filter',
          notes: 'Use the HEPA one',
          recordedBy: 'Sam Tech',
          taskStatus: 'InProgress',
          taskStartedAt: '2026-02-04T08:00:00.000Z',
          taskStartedBy: 'Alex Admin',
        }),
      ]),
    );
    const item = await taskItem('Replace filter');
    expect(within(item).getByRole('heading', { level: 3, name: 'Replace filter' })).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Chiller 2' })).toHaveAttribute(
      'href',
      `/assets/${TASK_ASSET_ID}`,
    );
    expect(item).toHaveTextContent(`Performed ${formatDate('2026-02-03T09:30:00.000Z')}`);
    expect(within(item).getByText('Use the HEPA one')).toBeInTheDocument();
    expect(within(item).getByText('Recorded by Sam Tech')).toBeInTheDocument();
    expect(
      within(item).getByText(`Started ${formatDate('2026-02-04T08:00:00.000Z')} by Alex Admin`),
    ).toBeInTheDocument();
    expect(within(item).getByText('In progress')).toBeInTheDocument();
    expect(screen.queryByText('Loading tasks...')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    const request = calls.find((c) => c.url.pathname === '/api/tasks/pending');
    expect(request?.url.searchParams.get('page')).toBe('1');
    expect(request?.url.searchParams.get('pageSize')).toBe('50');
  });

  it('leaves out the recorded and started lines when unknown', async () => {
    setup({ '/api/tasks/pending': () => tasksPage([pendingTask({ title: 'Oil pump' })]) });
    renderApp('/dashboard');
    const item = await taskItem('Oil pump');
    expect(within(item).queryByText(/^Recorded by/)).not.toBeInTheDocument();
    expect(within(item).queryByText(/^Started/)).not.toBeInTheDocument();
    expect(within(item).getByText('Pending')).toBeInTheDocument();
  });

  it('shows a checklist’s progress and the way into it, as the asset page does', async () => {
    const summary = { total: 6, done: 4, passed: 3, failed: 1, na: 0, flagged: 1 };
    const withChecklist = pendingTask({
      title: 'Annual inspection',
      checklist: { templateId: 'template-1', name: 'Extinguisher inspection', version: 2, summary },
    });
    setup({
      '/api/tasks/pending': () => tasksPage([withChecklist, pendingTask({ title: 'No checklist' })]),
    });
    renderApp('/dashboard');
    const item = await taskItem('Annual inspection');
    const box = within(item).getByRole('region', { name: /Checklist/ });
    expect(box).toHaveTextContent('Extinguisher inspection, version 2');
    expect(box).toHaveTextContent('4 of 6 steps done');
    expect(box).toHaveTextContent('1 failed');
    expect(within(box).getByRole('link', { name: 'Work through the checklist' })).toHaveAttribute(
      'href',
      `/tasks/${withChecklist.eventId}/checklist`,
    );
    const plain = await taskItem('No checklist');
    expect(within(plain).queryByRole('region')).not.toBeInTheDocument();
    expect(within(plain).queryByText(/steps done/)).not.toBeInTheDocument();
  });

  it('says when there is nothing to do', async () => {
    setup({ '/api/tasks/pending': () => tasksPage([]) });
    renderApp('/dashboard');
    expect(await screen.findByText('All caught up! No pending maintenance tasks.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pending maintenance tasks' })).not.toBeInTheDocument();
  });

  it('says when the tasks cannot be loaded, with no list, and retries', async () => {
    let fail = true;
    setup({
      '/api/tasks/pending': () =>
        fail ? jsonResponse({ code: 'FORBIDDEN', message: 'no' }, 403) : tasksPage([pendingTask()]),
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load pending maintenance tasks.');
    expect(screen.queryByRole('list', { name: 'Pending maintenance tasks' })).not.toBeInTheDocument();
    expect(screen.queryByText('All caught up! No pending maintenance tasks.')).not.toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Pending maintenance tasks' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Start task only on Pending tasks, Mark complete on both, and Record maintenance links', async () => {
    setup({
      '/api/tasks/pending': () =>
        tasksPage([
          pendingTask({ title: 'Pending one' }),
          pendingTask({ title: 'Started one', taskStatus: 'InProgress', assetId: 'asset-2' }),
        ]),
    });
    renderApp('/dashboard');
    const pending = await taskItem('Pending one');
    const started = await taskItem('Started one');
    expect(within(pending).getByRole('button', { name: 'Start task' })).toBeEnabled();
    expect(within(pending).getByRole('button', { name: 'Mark complete' })).toBeEnabled();
    expect(within(started).queryByRole('button', { name: 'Start task' })).not.toBeInTheDocument();
    expect(within(started).getByRole('button', { name: 'Mark complete' })).toBeEnabled();
    expect(within(pending).getByRole('link', { name: 'Record maintenance' })).toHaveAttribute(
      'href',
      `/assets/${TASK_ASSET_ID}`,
    );
    expect(within(started).getByRole('link', { name: 'Record maintenance' })).toHaveAttribute(
      'href',
      '/assets/asset-2',
    );
  });

  it('Record maintenance opens the asset', async () => {
    setup({ '/api/tasks/pending': () => tasksPage([pendingTask({ title: 'Grease' })]) });
    const { router } = renderApp('/dashboard');
    const item = await taskItem('Grease');
    await userEvent.setup().click(within(item).getByRole('link', { name: 'Record maintenance' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/assets/${TASK_ASSET_ID}`));
  });

  it('asks before completing, with the text for a Pending or an InProgress task; no means no request', async () => {
    const pending = pendingTask({ title: 'Pending one' });
    const started = pendingTask({ title: 'Started one', taskStatus: 'InProgress' });
    const calls = setup({ '/api/tasks/pending': () => tasksPage([pending, started]) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(within(await taskItem('Pending one')).getByRole('button', { name: 'Mark complete' }));
    expect(confirm).toHaveBeenLastCalledWith('Mark this task as started and completed now?');
    await user.click(within(await taskItem('Started one')).getByRole('button', { name: 'Mark complete' }));
    expect(confirm).toHaveBeenLastCalledWith('Mark this task as completed?');
    await user.click(within(await taskItem('Pending one')).getByRole('button', { name: 'Start task' }));
    expect(confirm).toHaveBeenLastCalledWith('Start this maintenance task now?');
    expect(confirm).toHaveBeenCalledTimes(3);
    expect(posts(calls)).toEqual([]);
    expect(screen.getAllByRole('button', { name: 'Mark complete' })).toHaveLength(2);
  });

  it('starts a task: "Starting..." with the task buttons disabled, then the reloaded status', async () => {
    const task = pendingTask({ title: 'Belt check' });
    const other = pendingTask({ title: 'Other task' });
    const started = { ...task, taskStatus: 'InProgress' as const, taskStartedAt: '2026-02-05T10:00:00.000Z' };
    const answer = deferred();
    let current = [task, other];
    const calls = setup({
      '/api/tasks/pending': () => tasksPage(current),
      [actionUrl(task.eventId, 'start')]: () => answer.promise,
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    const { queryClient } = renderApp('/dashboard');
    queryClient.setQueryData(assetKeys.detail(TASK_ASSET_ID), asset({ id: TASK_ASSET_ID, events: [] }));
    const item = await taskItem('Belt check');
    await user.click(within(item).getByRole('button', { name: 'Start task' }));
    expect(confirm).toHaveBeenCalledWith('Start this maintenance task now?');

    const busy = await within(item).findByRole('button', { name: 'Starting...' });
    expect(busy).toBeDisabled();
    expect(within(item).getByRole('button', { name: 'Mark complete' })).toBeDisabled();
    const otherItem = await taskItem('Other task');
    expect(within(otherItem).getByRole('button', { name: 'Start task' })).toBeDisabled();
    expect(within(otherItem).getByRole('button', { name: 'Mark complete' })).toBeDisabled();
    expect(posts(calls)).toEqual([`/api/assets/${TASK_ASSET_ID}/events/${task.eventId}/start`]);

    current = [started, other];
    answer.release(jsonResponse(eventOf(started)));
    expect(await within(item).findByText('In progress')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Start task' })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Mark complete' })).toBeEnabled();
    expect(within(otherItem).getByRole('button', { name: 'Start task' })).toBeEnabled();
    expect(queryClient.getQueryState(assetKeys.detail(TASK_ASSET_ID))?.isInvalidated).toBe(true);
  });

  it('completes a task: "Updating...", then the task leaves the list', async () => {
    const task = pendingTask({ title: 'Descale', taskStatus: 'InProgress' });
    const other = pendingTask({ title: 'Still open' });
    const answer = deferred();
    let current = [task, other];
    setup({
      '/api/tasks/pending': () => tasksPage(current),
      [actionUrl(task.eventId, 'complete')]: () => answer.promise,
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/dashboard');
    const item = await taskItem('Descale');
    await user.click(within(item).getByRole('button', { name: 'Mark complete' }));
    expect(await within(item).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(within(await taskItem('Still open')).getByRole('button', { name: 'Start task' })).toBeDisabled();

    current = [other];
    answer.release(jsonResponse(eventOf(task, { taskStatus: 'Completed' })));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Descale' })).not.toBeInTheDocument());
    expect(within(await taskItem('Still open')).getByRole('button', { name: 'Start task' })).toBeEnabled();
  });

  it('completing the last task (with the keyboard) shows the empty text and focuses the heading', async () => {
    const task = pendingTask({ title: 'Last one', taskStatus: 'InProgress' });
    let current = [task];
    setup({
      '/api/tasks/pending': () => tasksPage(current),
      [actionUrl(task.eventId, 'complete')]: () => {
        current = [];
        return jsonResponse(eventOf(task, { taskStatus: 'Completed' }));
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/dashboard');
    within(await taskItem('Last one'))
      .getByRole('button', { name: 'Mark complete' })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('All caught up! No pending maintenance tasks.')).toBeInTheDocument();
    // The focused button left with its task: focus goes on from the card's heading.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Pending maintenance tasks' })).toHaveFocus(),
    );
  });

  it('says when starting fails, and the buttons come back', async () => {
    const task = pendingTask({ title: 'Belt check' });
    setup({
      '/api/tasks/pending': () => tasksPage([task]),
      [actionUrl(task.eventId, 'start')]: () => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/dashboard');
    const item = await taskItem('Belt check');
    await userEvent.setup().click(within(item).getByRole('button', { name: 'Start task' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to start the task. Please try again.');
    expect(within(item).getByRole('button', { name: 'Start task' })).toBeEnabled();
    expect(within(item).getByText('Pending')).toBeInTheDocument();
  });

  it('says when completing fails, and a conflict reloads the list', async () => {
    const task = pendingTask({ title: 'Descale', taskStatus: 'InProgress' });
    let current = [task];
    const calls = setup({
      '/api/tasks/pending': () => tasksPage(current),
      [actionUrl(task.eventId, 'complete')]: () => {
        current = [];
        return jsonResponse({ code: 'CONFLICT', message: 'This task is already completed.' }, 409);
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/dashboard');
    await userEvent
      .setup()
      .click(within(await taskItem('Descale')).getByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to complete the task. Please try again.',
    );
    expect(await screen.findByText('All caught up! No pending maintenance tasks.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/api/tasks/pending')).toHaveLength(2);
  });

  it('pages through the tasks when there are more than a page', async () => {
    const calls = setup({
      '/api/tasks/pending': (url) => {
        const page = Number(url.searchParams.get('page'));
        return tasksPage(
          [pendingTask({ eventId: `event-${page}`, title: `Task on page ${page}` })],
          120,
          page,
        );
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    await taskItem('Task on page 1');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await taskItem('Task on page 2')).toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 2 of 3');
    expect(
      calls.filter((c) => c.url.pathname === '/api/tasks/pending').map((c) => c.url.searchParams.get('page')),
    ).toEqual(['1', '2']);
  });

  it('goes back a page when the last page empties', async () => {
    const task = pendingTask({ title: 'Alone on page 2' });
    const first = pendingTask({ title: 'On page 1' });
    let total = 51;
    setup({
      '/api/tasks/pending': (url) => {
        const page = Number(url.searchParams.get('page'));
        if (page === 1) return tasksPage([first], total, 1);
        return tasksPage(total > 50 ? [task] : [], total, page);
      },
      [actionUrl(task.eventId, 'complete')]: () => {
        total = 50;
        return jsonResponse(eventOf(task, { taskStatus: 'Completed' }));
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await taskItem('On page 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(
      within(await taskItem('Alone on page 2')).getByRole('button', { name: 'Mark complete' }),
    );
    expect(await taskItem('On page 1')).toBeInTheDocument();
    expect(screen.queryByText('All caught up! No pending maintenance tasks.')).not.toBeInTheDocument();
  });
});

describe('pending tasks by due date', () => {
  beforeEach(() => authStore.logout());

  it('shows each task’s due state and date, and whom it is assigned to', async () => {
    setup({
      '/api/tasks/pending': () =>
        tasksPage([
          pendingTask({
            title: 'Late check',
            dueOn: '2026-02-01',
            dueState: 'overdue',
            assigneeName: 'Sam Rivera',
          }),
          pendingTask({ title: 'Today check', dueOn: '2026-02-04', dueState: 'dueToday' }),
          pendingTask({ title: 'Soon check', dueOn: '2026-02-08', dueState: 'dueSoon' }),
          pendingTask({ title: 'Later check', dueOn: '2026-03-01', dueState: 'none' }),
          pendingTask({ title: 'Unplanned fix' }),
        ]),
    });
    renderApp('/dashboard');
    const late = await taskItem('Late check');
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(late).toHaveTextContent(`Due ${formatCalendarDate('2026-02-01')}`);
    expect(late).toHaveTextContent('Assigned to Sam Rivera');
    expect(within(await taskItem('Today check')).getByText('Due today')).toBeInTheDocument();
    expect(within(await taskItem('Soon check')).getByText('Due soon')).toBeInTheDocument();
    const later = await taskItem('Later check');
    expect(later).toHaveTextContent(`Due ${formatCalendarDate('2026-03-01')}`);
    expect(within(later).queryByText(/Overdue|Due today|Due soon/)).not.toBeInTheDocument();
    // A planned task has not been performed yet: its due date, never a performed date (ADR 096).
    expect(later).not.toHaveTextContent('Performed');
    expect(late).not.toHaveTextContent('Performed');
    const unplanned = await taskItem('Unplanned fix');
    expect(unplanned).not.toHaveTextContent('Due ');
    expect(unplanned).toHaveTextContent('Performed');
  });

  it('filters overdue or due soon, and assigned to me, in the URL and the request', async () => {
    const calls = setup({
      '/api/tasks/pending': (url) =>
        url.searchParams.get('due') === 'soon' && url.searchParams.get('assignee') === 'me'
          ? tasksPage([])
          : tasksPage([pendingTask({ title: 'Late check', dueOn: '2026-02-01', dueState: 'overdue' })]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    await taskItem('Late check');
    const filters = screen.getByRole('group', { name: 'Show tasks' });
    const overdue = within(filters).getByRole('button', { name: 'Overdue' });
    const soon = within(filters).getByRole('button', { name: 'Due soon' });
    const mine = within(filters).getByRole('button', { name: 'Assigned to me' });
    expect(overdue).toHaveAttribute('aria-pressed', 'false');

    await user.click(overdue);
    expect(overdue).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.at(-1)?.url.search).toBe('?page=1&pageSize=50&due=overdue'));
    expect(router.state.location.search).toBe('?due=overdue');

    // One due filter at a time; "Assigned to me" beside it.
    await user.click(soon);
    await user.click(mine);
    expect(overdue).toHaveAttribute('aria-pressed', 'false');
    expect(router.state.location.search).toBe('?due=soon&assignee=me');
    expect(await screen.findByText('No pending tasks match these filters.')).toBeInTheDocument();
    const last = calls.filter((call) => call.url.pathname === '/api/tasks/pending').at(-1)!.url.searchParams;
    expect([last.get('due'), last.get('assignee')]).toEqual(['soon', 'me']);

    await user.click(within(filters).getByRole('button', { name: 'Show all tasks' }));
    expect(router.state.location.search).toBe('');
    expect(await taskItem('Late check')).toBeInTheDocument();
  });

  it('opens filtered from a link, at the first page', async () => {
    const calls = setup({ '/api/tasks/pending': () => tasksPage([pendingTask({ title: 'Mine' })]) });
    renderApp('/dashboard?due=soon&assignee=me#pending-tasks');
    await taskItem('Mine');
    const request = calls.find((call) => call.url.pathname === '/api/tasks/pending')!.url.searchParams;
    expect([request.get('page'), request.get('due'), request.get('assignee')]).toEqual(['1', 'soon', 'me']);
    expect(screen.getByRole('button', { name: 'Due soon' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Assigned to me' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Pending maintenance tasks' })).toHaveFocus(),
    );
  });
});
