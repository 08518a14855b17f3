import { useLingui } from '@lingui/react';
import type { TAsset, TSchedule, TUsageTrigger } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { NextServiceDue } from '#web/components/ui/due-badge.tsx';
import { QueryFallback } from '#web/components/ui/offline-notice.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { PriorityPill } from '#web/components/ui/priority-pill.tsx';
import { formatReading } from '#web/features/meters/index.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { pageCountOf } from '#web/lib/paged-response.ts';
import { OFFLINE_TEXTS } from '#web/lib/texts.ts';
import { type TScheduleAction, useChangeSchedule } from '../api/change-schedule.ts';
import { useAssetSchedules } from '../api/get-schedules.ts';
import { scheduleKeys } from '../api/schedule-keys.ts';
import { localToday } from '../lib/schedule-form-values.ts';
import { recurrenceText, SCHEDULE_TEXTS } from '../texts.ts';
import styles from './asset-schedules-card.module.css';
import { ScheduleFormDialog } from './schedule-form-dialog.tsx';

type TAssetSchedulesCardProps = {
  asset: Pick<TAsset, 'id' | 'nextServiceDue' | 'overdue' | 'events'>;
  /** Administrators of an asset in service: add, edit, pause, resume and delete. */
  canManage: boolean;
  /** After a change: reload what it changed beside the schedules (the asset's next service, its tasks). */
  onChanged: () => void;
  /** The page's spacing around the card. */
  className?: string;
};

/** What the card's dialog is doing: the form (new or an edit) or the delete question. */
type TOpen = { form: TSchedule | null } | { deleting: TSchedule } | null;

/**
 * The asset page's "Planned maintenance" card: its next service due, and its schedules with their
 * recurrence, next due dates and actions (docs/product/asset-detail.md#planned-maintenance).
 */
export function AssetSchedulesCard({ asset, canManage, onChanged, className }: TAssetSchedulesCardProps) {
  const { _ } = useLingui();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useAssetSchedules(asset.id, page);
  useReloadWhenTasksChange(asset);
  const change = useChangeSchedule(onChanged);
  const [open, setOpen] = useState<TOpen>(null);

  const run = (schedule: TSchedule, action: TScheduleAction) =>
    change.mutate({ id: schedule.id, action }, { onSuccess: () => setOpen(null) });

  let content: ReactNode;
  if (!query.data) {
    content = (
      <QueryFallback
        query={query}
        loading={_(SCHEDULE_TEXTS.loading)}
        failed={_(SCHEDULE_TEXTS.loadFailed)}
        offline={OFFLINE_TEXTS.schedules}
      />
    );
  } else if (query.data.items.length === 0)
    content = <p className={styles.muted}>{_(SCHEDULE_TEXTS.empty)}</p>;
  else {
    content = (
      <>
        <ul className={styles.list}>
          {query.data.items.map((schedule) => (
            <ScheduleItem
              key={schedule.id}
              schedule={schedule}
              actions={
                canManage ? (
                  <>
                    <Button
                      variant="secondary"
                      disabled={change.isPending}
                      onClick={() => setOpen({ form: schedule })}
                    >
                      {_(SCHEDULE_TEXTS.edit)}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={change.isPending}
                      onClick={() => run(schedule, schedule.status === 'active' ? 'pause' : 'resume')}
                    >
                      {change.isPending && change.variables?.id === schedule.id
                        ? _(SCHEDULE_TEXTS.working)
                        : schedule.status === 'active'
                          ? _(SCHEDULE_TEXTS.pause)
                          : _(SCHEDULE_TEXTS.resume)}
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={change.isPending}
                      onClick={() => setOpen({ deleting: schedule })}
                    >
                      {_(SCHEDULE_TEXTS.delete)}
                    </Button>
                  </>
                ) : null
              }
            />
          ))}
        </ul>
        <Pager page={page} pageCount={pageCountOf(query.data)} disabled={query.isFetching} onPage={setPage} />
      </>
    );
  }

  return (
    <Card className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <div className={styles.head}>
        <div className={styles.titles}>
          <h2 id={headingId} className={styles.title}>
            {_(SCHEDULE_TEXTS.cardTitle)}
          </h2>
          <NextServiceDue asset={asset} />
        </div>
        {canManage ? (
          <Button onClick={() => setOpen({ form: null })}>{_(SCHEDULE_TEXTS.addSchedule)}</Button>
        ) : null}
      </div>
      {change.isError && !(open && 'deleting' in open) ? (
        <Alert>{failureMessage(_(SCHEDULE_TEXTS.changeFailed), change.error)}</Alert>
      ) : null}
      {content}
      {open && 'form' in open ? (
        <ScheduleFormDialog
          target={{ kind: 'asset', assetId: asset.id, schedule: open.form ?? undefined }}
          onChanged={onChanged}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open && 'deleting' in open ? (
        <Dialog title={_(SCHEDULE_TEXTS.deleteTitle)} busy={change.isPending} onClose={() => setOpen(null)}>
          <div className={styles.dialogBody}>
            {change.isError ? (
              <Alert>{failureMessage(_(SCHEDULE_TEXTS.changeFailed), change.error)}</Alert>
            ) : null}
            <p className={styles.strong}>{open.deleting.title}</p>
            <p>{_(SCHEDULE_TEXTS.deleteText)}</p>
            <DialogActions
              label={_(SCHEDULE_TEXTS.delete)}
              pendingLabel={_(SCHEDULE_TEXTS.deleting)}
              pending={change.isPending}
              cancelLabel={_(SCHEDULE_TEXTS.cancel)}
              onAction={() => run(open.deleting, 'delete')}
              onCancel={() => setOpen(null)}
            />
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}

/**
 * A task completed or deleted on the page (the asset reloads with new events) moves a floating
 * schedule's next due date: the schedules reload with it.
 */
function useReloadWhenTasksChange(asset: Pick<TAsset, 'id' | 'events'>) {
  const queryClient = useQueryClient();
  const shown = useRef(asset.events);
  useEffect(() => {
    if (shown.current === asset.events) return;
    shown.current = asset.events;
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.ofAsset(asset.id) });
  }, [asset.events, asset.id, queryClient]);
}

/** One schedule: title and state, how it repeats, who, its next due dates, and the actions given. */
function ScheduleItem({ schedule, actions }: { schedule: TSchedule; actions: ReactNode }) {
  const { _ } = useLingui();
  const titleId = useId();
  const [next, ...then] = schedule.upcoming;
  const paused = schedule.status === 'paused';
  const usage = schedule.usage;
  const facts = usage
    ? [
        _(SCHEDULE_TEXTS.usageFact(formatReading(usage.every, usage.unit), usage.meterName)),
        ...(schedule.recurrence
          ? [
              _(
                usage.combine === 'first'
                  ? SCHEDULE_TEXTS.backstopFirst(recurrenceText(schedule.recurrence))
                  : SCHEDULE_TEXTS.backstopLast(recurrenceText(schedule.recurrence)),
              ),
              _(SCHEDULE_TEXTS.leadTime(schedule.leadDays)),
            ]
          : []),
      ]
    : [
        schedule.recurrence ? recurrenceText(schedule.recurrence) : '',
        _(SCHEDULE_TEXTS.modes[schedule.mode].label),
        _(SCHEDULE_TEXTS.leadTime(schedule.leadDays)),
      ];
  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <div className={styles.itemHead}>
        <h3 id={titleId} className={styles.itemTitle}>
          {schedule.title}
        </h3>
        <PriorityPill priority={schedule.priority} />
        <span className={`${styles.state} ${paused ? styles.paused : styles.active}`}>
          {paused ? _(SCHEDULE_TEXTS.paused) : _(SCHEDULE_TEXTS.active)}
        </span>
      </div>
      <p className={styles.facts}>
        {facts.map((fact) => (
          <span key={fact}>{fact}</span>
        ))}
      </p>
      <p className={styles.muted}>
        {_(
          SCHEDULE_TEXTS.period(
            formatCalendarDate(schedule.startsOn),
            schedule.endsOn ? formatCalendarDate(schedule.endsOn) : null,
          ),
        )}
        {schedule.assigneeName ? ` · ${_(SCHEDULE_TEXTS.assignedTo(schedule.assigneeName))}` : null}
      </p>
      {usage ? (
        <UsageDue usage={usage} nextDueOn={schedule.nextDueOn} />
      ) : next ? (
        <p>
          <span className={styles.strong}>{_(SCHEDULE_TEXTS.nextDue(formatCalendarDate(next)))}</span>
          {then.length > 0 ? (
            <span className={styles.muted}>
              {' · '}
              {_(SCHEDULE_TEXTS.thenDue(then.map((date) => formatCalendarDate(date)).join(', ')))}
            </span>
          ) : null}
        </p>
      ) : (
        <p className={styles.muted}>
          {schedule.mode === 'floating' && !(schedule.endsOn && schedule.endsOn < localToday())
            ? _(SCHEDULE_TEXTS.waitingForCompletion)
            : _(SCHEDULE_TEXTS.ended)}
        </p>
      )}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </li>
  );
}

/** Whole days from `today` to `date` (both YYYY-MM-DD); never below 0. */
export function daysUntil(date: string, today: string): number {
  return Math.max(
    0,
    Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000),
  );
}

/**
 * Where a usage schedule stands (docs/product/meters.md#usage-schedules): its next due reading and
 * when it is expected ("≈ in 23 days, at 14,000 h"), the date a reached use waits for, or its open
 * task; and the meter's latest reading.
 */
function UsageDue({ usage, nextDueOn }: { usage: TUsageTrigger; nextDueOn: string | null }) {
  const { _ } = useLingui();
  let line: string;
  if (usage.from === null) line = _(SCHEDULE_TEXTS.usageAwaitsFirstReading);
  else if (usage.nextDueAt !== null) {
    const at = formatReading(usage.nextDueAt, usage.unit);
    line = usage.expectedOn
      ? _(
          SCHEDULE_TEXTS.nextDueProjected(
            daysUntil(usage.expectedOn, localToday()),
            formatCalendarDate(usage.expectedOn),
            at,
          ),
        )
      : _(SCHEDULE_TEXTS.nextDueAt(at));
  } else if (nextDueOn) line = _(SCHEDULE_TEXTS.usageReached(formatCalendarDate(nextDueOn)));
  else line = _(SCHEDULE_TEXTS.usageWaiting);
  return (
    <p>
      <span className={styles.strong}>{line}</span>
      {usage.currentValue !== null ? (
        <span className={styles.muted}>
          {' · '}
          {_(SCHEDULE_TEXTS.usageNow(formatReading(usage.currentValue, usage.unit)))}
        </span>
      ) : null}
    </p>
  );
}
