import { useLingui } from '@lingui/react';
import type { TRequestDetail } from '@mqr/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { CLOSE_REASON_WORDS } from '#web/features/public-asset/index.ts';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { usePhotoUrl, useRequest } from '../api/requests-api.ts';
import { REQUEST_TEXTS } from '../texts.ts';
import styles from './requests.module.css';
import { AcceptDialog, CloseDialog, MergeDialog } from './triage-dialogs.tsx';
import { StateBadge, UrgencyBadge } from './urgency-badge.tsx';

function Photo({ url, index }: { url: string; index: number }) {
  const { _ } = useLingui();
  const objectUrl = usePhotoUrl(url);
  return (
    <li className={styles.photo}>
      {objectUrl ? (
        <a href={objectUrl} target="_blank" rel="noreferrer">
          <img src={objectUrl} alt={_(REQUEST_TEXTS.photoAlt(index))} width={160} height={160} />
        </a>
      ) : (
        <span className={styles.photoPlaceholder} aria-hidden="true" />
      )}
    </li>
  );
}

/** Whether the signed-in person may triage: the organization's setting says members or administrators only. */
function useCanTriage(): boolean {
  const { auth, organization } = useAuthSnapshot();
  if (!auth) return false;
  return organization?.requestTriageRole !== 'admin' || auth.isAdmin || auth.isSuperAdmin;
}

type TOpenDialog = 'accept' | 'merge' | 'close' | null;

function RequestDetail({ request }: { request: TRequestDetail }) {
  const { _ } = useLingui();
  const canTriage = useCanTriage();
  const [dialog, setDialog] = useState<TOpenDialog>(null);
  const [message, setMessage] = useState<string | null>(null);
  const done = (text: string) => {
    setDialog(null);
    setMessage(text);
  };
  return (
    <>
      {message ? <Alert tone="success">{message}</Alert> : null}
      <Card className={styles.detail} aria-labelledby="request-report">
        <h2 id="request-report" className={styles.visuallyHidden}>
          {_(REQUEST_TEXTS.columnProblem)}
        </h2>
        <div className={styles.badges}>
          <UrgencyBadge urgency={request.urgency} />
          <StateBadge state={request.state} />
          <span className={styles.muted}>
            <time dateTime={request.createdAt}>
              {_(REQUEST_TEXTS.reportedAt(formatDateTime(request.createdAt)))}
            </time>
          </span>
        </div>
        {/* The reporter's words, as text (never HTML). */}
        <p className={styles.description}>{request.description}</p>
        <dl className={styles.facts}>
          <dt>{_(REQUEST_TEXTS.columnAsset)}</dt>
          <dd>
            <Link to={`/assets/${encodeURIComponent(request.asset.id)}`}>{request.asset.name}</Link>
          </dd>
          <dt>{_(REQUEST_TEXTS.reporter)}</dt>
          <dd>
            {request.reporterName ?? _(REQUEST_TEXTS.anonymous)} ·{' '}
            {request.hasEmail ? _(REQUEST_TEXTS.wantsUpdates) : _(REQUEST_TEXTS.noUpdates)}
          </dd>
        </dl>
        {request.meTooCount > 0 ? <p>{_(REQUEST_TEXTS.meTooPeople(request.meTooCount))}</p> : null}
        {request.closedReason ? (
          <p>{_(REQUEST_TEXTS.closedBecause(_(CLOSE_REASON_WORDS[request.closedReason])))}</p>
        ) : null}
        {request.taskId ? (
          <p>
            <Link to={`/assets/${encodeURIComponent(request.asset.id)}`}>{_(REQUEST_TEXTS.task)}</Link>
          </p>
        ) : null}
      </Card>
      <Card aria-labelledby="request-photos">
        <h2 id="request-photos" className={styles.sectionTitle}>
          {_(REQUEST_TEXTS.photos)}
        </h2>
        {request.photos.length > 0 ? (
          <ul className={styles.photos}>
            {request.photos.map((photo, index) => (
              <Photo key={photo.id} url={photo.url} index={index + 1} />
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{_(REQUEST_TEXTS.noPhotos)}</p>
        )}
      </Card>
      {request.state === 'new' ? (
        <Card aria-labelledby="request-triage">
          <h2 id="request-triage" className={styles.sectionTitle}>
            {_(REQUEST_TEXTS.triage)}
          </h2>
          {canTriage ? (
            <div className={styles.actions}>
              <Button onClick={() => setDialog('accept')}>{_(REQUEST_TEXTS.accept)}</Button>
              <Button variant="secondary" onClick={() => setDialog('merge')}>
                {_(REQUEST_TEXTS.merge)}
              </Button>
              <Button variant="secondary" onClick={() => setDialog('close')}>
                {_(REQUEST_TEXTS.close)}
              </Button>
            </div>
          ) : (
            <p className={styles.muted}>{_(REQUEST_TEXTS.onlyAdmins)}</p>
          )}
        </Card>
      ) : null}
      {dialog === 'accept' ? (
        <AcceptDialog request={request} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {dialog === 'merge' ? (
        <MergeDialog request={request} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {dialog === 'close' ? (
        <CloseDialog request={request} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
    </>
  );
}

/** /requests/{id}: a request with its photos, and its triage (accept, merge, close). */
export function RequestDetailPage() {
  const { _ } = useLingui();
  const { id = '' } = useParams();
  const request = useRequest(id);
  return (
    <div className={styles.page}>
      <title>{_(REQUEST_TEXTS.title)}</title>
      <p>
        <Link to="/requests">← {_(REQUEST_TEXTS.back)}</Link>
      </p>
      <PageHeader title={request.data ? request.data.asset.name : _(REQUEST_TEXTS.title)} />
      {request.isPending ? <StateMessage>{_(REQUEST_TEXTS.detailLoading)}</StateMessage> : null}
      {request.isError ? <Alert>{failureMessage(_(REQUEST_TEXTS.detailFailed), request.error)}</Alert> : null}
      {request.data ? <RequestDetail request={request.data} /> : null}
    </div>
  );
}
