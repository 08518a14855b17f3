import { useLingui } from '@lingui/react';
import { ORGANIZATION_MESSAGES, type TAdminOrganization, ZOrganizationBody } from '@mqr/contracts';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { wordMessage } from '#web/lib/api-messages.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useDeleteLogo } from '../api/delete-logo.ts';
import { useRenameOrganization } from '../api/update-organization.ts';
import { useUploadLogo } from '../api/upload-logo.ts';
import { ORGANIZATION_TEXTS } from '../texts.ts';
import styles from './admin-organizations-page.module.css';
import { LOGO_ACCEPT, logoFileProblem } from './logo-file.ts';

type TOrganizationRowProps = {
  organization: TAdminOrganization;
  editing: boolean;
  onEdit: () => void;
  onStopEditing: () => void;
};

/** One organization: its logo (upload, change, delete), id and name (edited in place). */
export function OrganizationRow({ organization, editing, onEdit, onStopEditing }: TOrganizationRowProps) {
  const { _ } = useLingui();
  const nameCell = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  // Back from the editor (saved or cancelled): the keyboard continues from the Edit button.
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    nameCell.current?.querySelector('button')?.focus();
  }, [editing]);

  return (
    <tr>
      <td>
        <LogoCell organization={organization} />
      </td>
      <td>
        <code className={styles.id}>{organization.id}</code>
      </td>
      <td className={styles.nameColumn}>
        {editing ? (
          <NameEditor
            organization={organization}
            onClose={() => {
              refocus.current = true;
              onStopEditing();
            }}
          />
        ) : (
          <div ref={nameCell} className={styles.nameCell}>
            <span className={styles.name}>{organization.name}</span>
            <Button
              variant="secondary"
              className={styles.rowButton}
              aria-label={_(ORGANIZATION_TEXTS.editLabel(organization.name))}
              onClick={onEdit}
            >
              {_(ORGANIZATION_TEXTS.edit)}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

function LogoCell({ organization }: { organization: TAdminOrganization }) {
  const { _ } = useLingui();
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const fileInput = useRef<HTMLInputElement>(null);
  const { id, name, logoUrl } = organization;
  const busy = upload.isPending || remove.isPending;
  const pickLabel = _(logoUrl ? ORGANIZATION_TEXTS.change : ORGANIZATION_TEXTS.upload);
  const pickAriaLabel = _(
    (logoUrl ? ORGANIZATION_TEXTS.changeLogoLabel : ORGANIZATION_TEXTS.uploadLogoLabel)(name),
  );

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) {
      window.alert(problem);
      return;
    }
    upload.mutate(
      { id, file },
      { onError: (error) => window.alert(failureMessage(_(ORGANIZATION_TEXTS.uploadFailed), error)) },
    );
  }

  function onDelete() {
    if (!window.confirm(_(ORGANIZATION_TEXTS.confirmDeleteLogo))) return;
    remove.mutate(id, {
      onError: (error) => window.alert(failureMessage(_(ORGANIZATION_TEXTS.deleteFailed), error)),
    });
  }

  return (
    <div className={styles.logoCell}>
      {logoUrl ? (
        <img src={logoUrl} alt={_(ORGANIZATION_TEXTS.logoAlt(name))} className={styles.logo} />
      ) : (
        <span className={styles.noLogo}>{_(ORGANIZATION_TEXTS.noLogo)}</span>
      )}
      <div className={styles.logoActions}>
        <Button
          variant="secondary"
          className={styles.rowButton}
          disabled={busy}
          aria-label={upload.isPending ? undefined : pickAriaLabel}
          onClick={() => fileInput.current?.click()}
        >
          {upload.isPending ? _(ORGANIZATION_TEXTS.uploading) : pickLabel}
        </Button>
        {logoUrl ? (
          <Button
            variant="secondary"
            className={styles.rowButton}
            disabled={busy}
            aria-label={_(ORGANIZATION_TEXTS.deleteLogoLabel(name))}
            onClick={onDelete}
          >
            {_(ORGANIZATION_TEXTS.delete)}
          </Button>
        ) : null}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={LOGO_ACCEPT}
        hidden
        tabIndex={-1}
        aria-label={_(ORGANIZATION_TEXTS.logoFileLabel(name))}
        onChange={onFile}
      />
    </div>
  );
}

function NameEditor({ organization, onClose }: { organization: TAdminOrganization; onClose: () => void }) {
  const { _ } = useLingui();
  const rename = useRenameOrganization();
  const [value, setValue] = useState(organization.name);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  function save() {
    if (rename.isPending) return;
    const parsed = ZOrganizationBody.safeParse({ name: value });
    if (!parsed.success) {
      setError(wordMessage(parsed.error.issues[0]?.message ?? ORGANIZATION_MESSAGES.nameRequired));
      return;
    }
    if (parsed.data.name === organization.name) {
      onClose();
      return;
    }
    setError(null);
    rename.mutate(
      { id: organization.id, body: parsed.data },
      {
        onSuccess: onClose,
        onError: (failure) => setError(failureMessage(_(ORGANIZATION_TEXTS.updateFailed), failure)),
      },
    );
  }

  return (
    <form
      className={styles.nameEditor}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || rename.isPending) return;
        event.preventDefault();
        onClose();
      }}
    >
      <input
        ref={input}
        className={styles.nameInput}
        value={value}
        autoComplete="off"
        aria-label={_(ORGANIZATION_TEXTS.nameInputLabel(organization.name))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className={styles.editorActions}>
        <Button type="submit" className={styles.rowButton} disabled={rename.isPending}>
          {rename.isPending ? _(ORGANIZATION_TEXTS.saving) : _(ORGANIZATION_TEXTS.save)}
        </Button>
        <Button
          variant="secondary"
          className={styles.rowButton}
          disabled={rename.isPending}
          onClick={onClose}
        >
          {_(ORGANIZATION_TEXTS.cancel)}
        </Button>
      </div>
      {error ? (
        <span id={errorId} role="alert" className={styles.error}>
          {error}
        </span>
      ) : null}
    </form>
  );
}
