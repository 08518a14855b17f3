import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { PRODUCT_NAME, type TChecklistTemplate, type TChecklistTemplateBody } from '@mqr/contracts';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useRetryKey } from '#web/lib/use-retry-key.ts';
import { useArchiveChecklist } from '../api/archive-checklist.ts';
import { useChecklist } from '../api/get-checklist.ts';
import { useRestoreChecklist } from '../api/restore-checklist.ts';
import { useSaveChecklist } from '../api/save-checklist.ts';
import { draftErrorsFromServer, draftFromTemplate, NO_ERRORS, newDraft } from '../lib/template-draft.ts';
import { TEMPLATE_TEXTS } from '../texts.ts';
import type { TListNotice } from './admin-checklists-page.tsx';
import styles from './checklist-editor-page.module.css';
import { TemplateEditor, type TServerRefusal } from './template-editor.tsx';

/** What the editor page says after a save that moved to another address (a new template's own). */
type TEditorNotice = { notice?: string };

/**
 * /admin/checklists/new and /admin/checklists/{id}: the template editor, with the template's versions
 * beside it (docs/product/checklists-screens.md#the-template-editor).
 */
export function ChecklistEditorPage() {
  const { _ } = useLingui();
  const { id } = useParams();
  const templateId = id && id !== 'new' ? id : null;
  const query = useChecklist(templateId);
  const title = templateId
    ? _(TEMPLATE_TEXTS.editTitle(query.data?.name ?? ''))
    : _(TEMPLATE_TEXTS.createTitle);

  let body: ReactNode;
  if (templateId && query.isPending) body = <StateMessage>{_(TEMPLATE_TEXTS.editorLoading)}</StateMessage>;
  else if (templateId && (query.isError || !query.data))
    body = <Alert>{failureMessage(_(TEMPLATE_TEXTS.editorLoadFailed), query.error)}</Alert>;
  else
    body = (
      <Editor
        key={query.data ? `${query.data.id}:${query.data.version}` : 'new'}
        saved={query.data ?? null}
      />
    );

  return (
    <>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <PageHeader title={title}>
        <p>
          <Link to="/admin/checklists">{_(TEMPLATE_TEXTS.backToList)}</Link>
        </p>
      </PageHeader>
      {body}
    </>
  );
}

function Editor({ saved }: { saved: TChecklistTemplate | null }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const save = useSaveChecklist();
  const archive = useArchiveChecklist();
  const restore = useRestoreChecklist();
  const retryKey = useRetryKey();
  const [refusal, setRefusal] = useState<TServerRefusal | null>(null);
  const [archiveFailure, setArchiveFailure] = useState<string | null>(null);
  const [initial] = useState(() => (saved ? draftFromTemplate(saved) : newDraft()));
  const notice = (useLocation().state as TEditorNotice | null)?.notice;

  function onSave(body: TChecklistTemplateBody) {
    setRefusal(null);
    const sentKeys = body.steps.map((step) => step.key ?? '');
    save.mutate(
      { id: saved?.id ?? null, body, idempotencyKey: retryKey({ id: saved?.id, body }) },
      {
        onSuccess: (template) => {
          const text = saved
            ? i18n._(TEMPLATE_TEXTS.savedVersion(template.version))
            : i18n._(TEMPLATE_TEXTS.created);
          navigate(`/admin/checklists/${encodeURIComponent(template.id)}`, {
            replace: true,
            state: { notice: text } satisfies TEditorNotice,
          });
        },
        onError: (error) => {
          const fields = error instanceof ApiError && error.status < 500 ? error.fields : [];
          const errors = fields.length > 0 ? draftErrorsFromServer(fields, sentKeys) : NO_ERRORS;
          setRefusal({
            errors,
            message:
              fields.length > 0
                ? i18n._(TEMPLATE_TEXTS.saveFailed)
                : failureMessage(i18n._(TEMPLATE_TEXTS.saveFailedOther), error),
          });
        },
      },
    );
  }

  function onArchive() {
    if (!saved || !window.confirm(i18n._(TEMPLATE_TEXTS.confirmArchive(saved.name)))) return;
    setArchiveFailure(null);
    archive.mutate(saved.id, {
      onSuccess: () =>
        navigate('/admin/checklists', {
          state: { notice: i18n._(TEMPLATE_TEXTS.archived(saved.name)) } satisfies TListNotice,
        }),
      onError: (error) => setArchiveFailure(failureMessage(i18n._(TEMPLATE_TEXTS.archiveFailed), error)),
    });
  }

  return (
    <div className={styles.layout}>
      <Card className={styles.main}>
        {notice && !save.isPending && !refusal ? <Alert tone="success">{notice}</Alert> : null}
        <TemplateEditor
          initial={initial}
          busy={save.isPending}
          refusal={refusal}
          onSave={onSave}
          onCancel={() => navigate('/admin/checklists')}
        />
      </Card>
      {saved ? (
        <Card as="section" className={styles.aside} aria-labelledby="checklist-versions-title">
          <h2 id="checklist-versions-title" className={styles.asideTitle}>
            {_(TEMPLATE_TEXTS.versions)}
          </h2>
          <p className={styles.hint}>{_(TEMPLATE_TEXTS.versionsHint)}</p>
          <ol className={styles.versions}>
            {saved.versions.map((version) => (
              <li key={version.version}>
                <span className={styles.versionName}>
                  {_(TEMPLATE_TEXTS.versionLine(version.version, formatDateTime(version.createdAt)))}
                </span>
                {version.version === saved.version ? (
                  <span className={styles.current}>{_(TEMPLATE_TEXTS.currentVersion)}</span>
                ) : null}
                <span className={styles.hint}>{_(TEMPLATE_TEXTS.stepCount(version.stepCount))}</span>
                {version.createdBy ? <span className={styles.hint}>{version.createdBy}</span> : null}
              </li>
            ))}
          </ol>
          {saved.archivedAt ? (
            <>
              <p className={styles.hint}>{_(TEMPLATE_TEXTS.isArchived(formatDateTime(saved.archivedAt)))}</p>
              <div>
                <Button
                  variant="secondary"
                  disabled={restore.isPending}
                  onClick={() => {
                    setArchiveFailure(null);
                    restore.mutate(saved.id, {
                      onError: (error) =>
                        setArchiveFailure(failureMessage(i18n._(TEMPLATE_TEXTS.restoreFailed), error)),
                    });
                  }}
                >
                  {_(TEMPLATE_TEXTS.restore)}
                </Button>
              </div>
            </>
          ) : (
            <div>
              <Button variant="secondary" disabled={archive.isPending} onClick={onArchive}>
                {archive.isPending ? _(TEMPLATE_TEXTS.archiving) : _(TEMPLATE_TEXTS.archive)}
              </Button>
            </div>
          )}
          {archiveFailure ? <Alert>{archiveFailure}</Alert> : null}
        </Card>
      ) : null}
    </div>
  );
}
