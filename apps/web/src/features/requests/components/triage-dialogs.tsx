import { useLingui } from '@lingui/react';
import {
  REQUEST_CLOSE_REASONS,
  type TRequestCloseReason,
  type TRequestDetail,
  ZUserOption,
} from '@mqr/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { getPendingTasks } from '#web/features/events/index.ts';
import { CLOSE_REASON_WORDS } from '#web/features/public-asset/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { TASK_STATUS_MESSAGES } from '#web/lib/texts.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { requestKeys, useAcceptRequest, useCloseRequest, useMergeRequest } from '../api/requests-api.ts';
import { REQUEST_TEXTS } from '../texts.ts';
import styles from './requests.module.css';

type TDialogProps = { request: TRequestDetail; onClose: () => void; onDone: (message: string) => void };

/** The people a task can be assigned to (GET /api/users/assignable), asked for while the dialog is open. */
function useAssignees() {
  return useQuery({
    queryKey: ['users', 'assignable'],
    queryFn: async ({ signal }) =>
      ZUserOption.array().parse(await apiRequest('/api/users/assignable', { signal })),
    staleTime: 60_000,
  });
}

/** Accept: a Pending task on the asset, with an optional assignee and due date. */
export function AcceptDialog({ request, onClose, onDone }: TDialogProps) {
  const { _ } = useLingui();
  const accept = useAcceptRequest(request);
  const assignees = useAssignees();
  const [assigneeId, setAssigneeId] = useState('');
  const [dueDate, setDueDate] = useState('');
  const key = useMemo(() => crypto.randomUUID(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate(
      { body: { assigneeId: assigneeId || null, dueDate: dueDate || null }, key },
      { onSuccess: () => onDone(_(REQUEST_TEXTS.accepted)) },
    );
  };
  return (
    <Dialog title={_(REQUEST_TEXTS.acceptTitle)} busy={accept.isPending} onClose={onClose}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        {accept.isError ? <Alert>{failureMessage(_(REQUEST_TEXTS.acceptFailed), accept.error)}</Alert> : null}
        <p>{_(REQUEST_TEXTS.acceptHint)}</p>
        <SelectField
          label={_(REQUEST_TEXTS.assignee)}
          value={assigneeId}
          onChange={(event) => setAssigneeId(event.target.value)}
        >
          <option value="">{_(REQUEST_TEXTS.nobody)}</option>
          {(assignees.data ?? []).map((user) => (
            <option key={user.id} value={user.id}>
              {user.displayName}
            </option>
          ))}
        </SelectField>
        <TextField
          label={_(REQUEST_TEXTS.dueDate)}
          type="date"
          value={dueDate}
          onChange={(event) => setDueDate(event.target.value)}
        />
        <DialogActions
          label={_(REQUEST_TEXTS.acceptSubmit)}
          pendingLabel={_(REQUEST_TEXTS.acceptSubmit)}
          pending={accept.isPending}
          cancelLabel={_(REQUEST_TEXTS.cancel)}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

/** Open tasks a page of the merge picker shows. */
const MERGE_TASKS_PAGE_SIZE = 20;

/**
 * The asset's open tasks (GET /api/tasks/pending?assetId=), searched by title and read a page at a
 * time: an asset may have more open tasks than its history's first page holds.
 */
function useOpenTasksOf(assetId: string, q: string) {
  return useInfiniteQuery({
    queryKey: requestKeys.mergeTasks(assetId, q),
    queryFn: ({ pageParam, signal }) =>
      getPendingTasks({ assetId, q, page: pageParam, pageSize: MERGE_TASKS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** Merge: into a task already open (Pending or In progress) on the request's asset, found by its title. */
export function MergeDialog({ request, onClose, onDone }: TDialogProps) {
  const { _ } = useLingui();
  const merge = useMergeRequest(request);
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), 300);
  const tasks = useOpenTasksOf(request.asset.id, q);
  const open = tasks.data?.pages.flatMap((page) => page.items) ?? [];
  const [taskId, setTaskId] = useState('');
  const chosen = open.some((task) => task.eventId === taskId) ? taskId : (open[0]?.eventId ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) merge.mutate(chosen, { onSuccess: () => onDone(_(REQUEST_TEXTS.merged)) });
  };
  return (
    <Dialog title={_(REQUEST_TEXTS.mergeTitle)} busy={merge.isPending} onClose={onClose}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        {merge.isError ? <Alert>{failureMessage(_(REQUEST_TEXTS.mergeFailed), merge.error)}</Alert> : null}
        <p>{_(REQUEST_TEXTS.mergeHint)}</p>
        <TextField
          label={_(REQUEST_TEXTS.mergeSearch)}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {tasks.isPending ? <StateMessage>{_(REQUEST_TEXTS.mergeLoading)}</StateMessage> : null}
        {tasks.isError ? <Alert>{failureMessage(_(REQUEST_TEXTS.mergeFailed), tasks.error)}</Alert> : null}
        {tasks.isSuccess && open.length === 0 ? (
          <p>{_(q ? REQUEST_TEXTS.mergeNoMatch : REQUEST_TEXTS.mergeNoTasks)}</p>
        ) : null}
        {open.length > 0 ? (
          <SelectField
            label={_(REQUEST_TEXTS.mergeTask)}
            value={chosen}
            onChange={(event) => setTaskId(event.target.value)}
          >
            {open.map((task) => (
              <option key={task.eventId} value={task.eventId}>
                {[task.title, _(TASK_STATUS_MESSAGES[task.taskStatus]), formatCalendarDate(task.dueOn)]
                  .filter(Boolean)
                  .join(' · ')}
              </option>
            ))}
          </SelectField>
        ) : null}
        {tasks.hasNextPage ? (
          <Button
            type="button"
            variant="secondary"
            disabled={tasks.isFetchingNextPage}
            onClick={() => void tasks.fetchNextPage()}
          >
            {_(REQUEST_TEXTS.mergeMoreTasks)}
          </Button>
        ) : null}
        <DialogActions
          label={_(REQUEST_TEXTS.mergeSubmit)}
          pendingLabel={_(REQUEST_TEXTS.mergeSubmit)}
          pending={merge.isPending}
          disabled={!chosen}
          cancelLabel={_(REQUEST_TEXTS.cancel)}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

/** Close: with a reason; closing as spam may block the sender's address for 30 days. */
export function CloseDialog({ request, onClose, onDone }: TDialogProps) {
  const { _ } = useLingui();
  const close = useCloseRequest(request);
  const [reason, setReason] = useState<TRequestCloseReason>('duplicate');
  const [blockSender, setBlockSender] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close.mutate(
      { reason, ...(reason === 'spam' ? { blockSender } : {}) },
      { onSuccess: () => onDone(_(REQUEST_TEXTS.closed)) },
    );
  };
  return (
    <Dialog title={_(REQUEST_TEXTS.closeTitle)} busy={close.isPending} onClose={onClose}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        {close.isError ? <Alert>{failureMessage(_(REQUEST_TEXTS.closeFailed), close.error)}</Alert> : null}
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{_(REQUEST_TEXTS.reason)}</legend>
          {REQUEST_CLOSE_REASONS.map((value) => (
            <label key={value} className={styles.radio}>
              <input
                type="radio"
                name="close-reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {_(CLOSE_REASON_WORDS[value])}
            </label>
          ))}
        </fieldset>
        {reason === 'spam' ? (
          <CheckboxField
            label={_(REQUEST_TEXTS.blockSender)}
            hint={_(REQUEST_TEXTS.blockSenderHint)}
            checked={blockSender}
            onChange={(event) => setBlockSender(event.target.checked)}
          />
        ) : null}
        <DialogActions
          label={_(REQUEST_TEXTS.closeSubmit)}
          pendingLabel={_(REQUEST_TEXTS.closeSubmit)}
          pending={close.isPending}
          cancelLabel={_(REQUEST_TEXTS.cancel)}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
