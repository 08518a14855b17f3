import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  PRODUCT_NAME,
  type TAsset,
  type TChecklistResponse,
  type TChecklistStep,
  type TTaskChecklist,
} from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { OfflineSeenAt, QueryFallback } from '#web/components/ui/offline-notice.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { assetKeys, getAsset } from '#web/features/assets/index.ts';
import { ChecklistReportButton } from '#web/features/events/index.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useStepWrites } from '../api/answer-step.ts';
import { useCompleteChecklistTask } from '../api/complete-checklist-task.ts';
import { useTaskChecklist } from '../api/get-task-checklist.ts';
import { useOpenFollowUp } from '../api/open-follow-up.ts';
import { answerText, type TStepAnswer } from '../lib/step-values.ts';
import { RUNNER_TEXTS } from '../texts.ts';
import { ChecklistRunner, type TCompletionState } from './checklist-runner.tsx';
import styles from './checklist-screen.module.css';
import { FollowUpDialog } from './follow-up-dialog.tsx';
import type { TFollowUpState, TStepState } from './step-card.tsx';

/**
 * /tasks/{eventId}/checklist: a task's checklist, worked through on the phone or the desktop, online
 * or offline (docs/product/checklists-screens.md#the-runner). Once the task is completed it shows
 * the answers, read only, with the report to download.
 */
export function TaskChecklistScreen({ eventId }: { eventId: string }) {
  const { _ } = useLingui();
  const query = useTaskChecklist(eventId);
  const checklist = query.data;
  if (!checklist) {
    return (
      <QueryFallback
        query={query}
        loading={_(RUNNER_TEXTS.loading)}
        failed={failureMessage(_(RUNNER_TEXTS.loadFailed), query.error)}
        offline={RUNNER_TEXTS.notHere}
      />
    );
  }
  return <Loaded checklist={checklist} seenAt={query.dataUpdatedAt} />;
}

type TFollowUpDraft = { step: TChecklistStep; title: string; notes: string };

function Loaded({ checklist, seenAt }: { checklist: TTaskChecklist; seenAt: number }) {
  const { _ } = useLingui();
  // The task's title and status come with its asset's page (kept on the device too).
  const asset = useQuery({
    queryKey: assetKeys.detail(checklist.assetId),
    queryFn: ({ signal }) => getAsset(checklist.assetId, signal),
  }).data as TAsset | undefined;
  const event = asset?.events.find((entry) => entry.id === checklist.eventId);
  const task = {
    eventId: checklist.eventId,
    assetId: checklist.assetId,
    title: event?.title ?? checklist.name,
    taskStatus: event?.taskStatus ?? (checklist.editable ? 'InProgress' : 'Completed'),
  } as const;
  const writes = useStepWrites(task);
  const openFollowUp = useOpenFollowUp(task);
  const completeTask = useCompleteChecklistTask(task);
  const [states, setStates] = useState<Record<string, TStepState>>({});
  const [followUps, setFollowUps] = useState<Record<string, TFollowUpState>>({});
  const [completion, setCompletion] = useState<TCompletionState>({ kind: 'idle' });
  const [refusedMissing, setRefusedMissing] = useState<string[] | null>(null);
  const [draft, setDraft] = useState<TFollowUpDraft | null>(null);
  const [followUpBusy, setFollowUpBusy] = useState(false);
  const [followUpFailure, setFollowUpFailure] = useState<string | null>(null);

  const setState = (key: string, state: TStepState) => setStates((all) => ({ ...all, [key]: state }));

  async function write(step: TChecklistStep, run: () => ReturnType<typeof writes.clear>, failed: string) {
    setState(step.key, { kind: 'saving' });
    try {
      const result = await run();
      setState(
        step.key,
        'queued' in result ? { kind: 'queued', at: new Date().toISOString() } : { kind: 'idle' },
      );
    } catch (error) {
      setState(step.key, { kind: 'failed', message: failureMessage(failed, error) });
    }
  }

  const onAnswer = (step: TChecklistStep, answer: TStepAnswer) => {
    // A new answer asks the follow-up question again (unless one was opened).
    setFollowUps(({ [step.key]: known, ...rest }) =>
      typeof known === 'object' ? { ...rest, [step.key]: known } : rest,
    );
    void write(step, () => writes.answer(step, answer), i18n._(RUNNER_TEXTS.saveFailed));
  };

  const onFollowUp = (step: TChecklistStep, response: TChecklistResponse) => {
    const value = answerText(step, response, i18n._.bind(i18n));
    setFollowUpFailure(null);
    setDraft({
      step,
      title: i18n._(RUNNER_TEXTS.followUpDefaultTitle(step.label)),
      notes:
        response.numberValue !== null
          ? i18n._(RUNNER_TEXTS.followUpNotesValue(step.label, value, task.title))
          : i18n._(RUNNER_TEXTS.followUpNotesFail(step.label, task.title)),
    });
  };

  async function sendFollowUp(text: { title: string; notes: string }) {
    if (!draft) return;
    setFollowUpBusy(true);
    try {
      const title = text.title.trim() || i18n._(RUNNER_TEXTS.followUpDefaultTitle(draft.step.label));
      const result = await openFollowUp({ stepKey: draft.step.key, title, notes: text.notes.trim() || null });
      setFollowUps((all) => ({
        ...all,
        [draft.step.key]: 'queued' in result ? { queued: title } : { opened: result.opened.title },
      }));
      setDraft(null);
    } catch (error) {
      setFollowUpFailure(failureMessage(i18n._(RUNNER_TEXTS.followUpFailed), error));
    } finally {
      setFollowUpBusy(false);
    }
  }

  async function complete() {
    if (!window.confirm(i18n._(RUNNER_TEXTS.confirmComplete))) return;
    setCompletion({ kind: 'completing' });
    setRefusedMissing(null);
    try {
      const result = await completeTask();
      if ('missing' in result) {
        setCompletion({ kind: 'idle' });
        setRefusedMissing(result.missing);
        return;
      }
      setCompletion({ kind: 'completed', queued: 'queued' in result });
    } catch (error) {
      setCompletion({ kind: 'failed', message: failureMessage(i18n._(RUNNER_TEXTS.completeFailed), error) });
    }
  }

  const pageTitle = _(RUNNER_TEXTS.pageTitle(task.title));
  const completed = !checklist.editable && task.taskStatus === 'Completed';
  return (
    <>
      <title>{`${pageTitle} · ${PRODUCT_NAME}`}</title>
      <PageHeader title={pageTitle} subtitle={_(RUNNER_TEXTS.versionOf(checklist.name, checklist.version))}>
        <p className={styles.back}>
          <Link to={`/assets/${encodeURIComponent(checklist.assetId)}`}>
            {asset ? _(RUNNER_TEXTS.backToAsset(asset.name)) : _(RUNNER_TEXTS.backToTask)}
          </Link>
        </p>
        <OfflineSeenAt at={seenAt} />
      </PageHeader>
      <div className={styles.screen}>
        {!checklist.editable ? <Alert tone="info">{_(RUNNER_TEXTS.alreadyCompleted)}</Alert> : null}
        {completed ? (
          <div className={styles.report}>
            <ChecklistReportButton eventId={checklist.eventId} />
          </div>
        ) : null}
        <ChecklistRunner
          checklist={checklist}
          states={states}
          followUps={followUps}
          completion={completion}
          refusedMissing={refusedMissing}
          onAnswer={onAnswer}
          onClear={(step) => void write(step, () => writes.clear(step), i18n._(RUNNER_TEXTS.clearFailed))}
          onFollowUp={onFollowUp}
          onLater={(step) => setFollowUps((all) => ({ ...all, [step.key]: 'later' }))}
          onComplete={() => void complete()}
        />
      </div>
      {draft ? (
        <FollowUpDialog
          title={draft.title}
          notes={draft.notes}
          busy={followUpBusy}
          failure={followUpFailure}
          onOpen={(text) => void sendFollowUp(text)}
          onClose={() => setDraft(null)}
        />
      ) : null}
    </>
  );
}
