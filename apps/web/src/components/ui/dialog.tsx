import { useLingui } from '@lingui/react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { UI_TEXTS } from '#web/lib/texts.ts';
import styles from './dialog.module.css';

type TDialogProps = {
  title: string;
  /** Asks the owner to close (unmount) the dialog: Escape, a backdrop click or the close button. */
  onClose: () => void;
  /** While true (saving, uploading) nothing closes the dialog. */
  busy?: boolean;
  children: ReactNode;
};

/**
 * A modal dialog on the native `<dialog>` (`showModal()`: top layer, inert page, focus kept inside).
 * It is open while mounted. Labelled by its title; focus returns to the element that opened it.
 */
export function Dialog({ title, onClose, busy = false, children }: TDialogProps) {
  const { _ } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read by the native event handlers without re-binding them.
  const state = useRef({ busy, onClose });
  state.current = { busy, onClose };
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal(): the open attribute alone keeps the dialog usable there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');

    const onCancel = (event: Event) => {
      // Escape: the owner decides (and refuses while busy).
      event.preventDefault();
      if (!state.current.busy) state.current.onClose();
    };
    const onNativeClose = () => {
      // A browser may close a modal on a repeated Escape even when `cancel` was prevented.
      if (!dialog.isConnected) return;
      if (state.current.busy) dialog.showModal?.();
      else state.current.onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // The backdrop is the dialog element itself (its frame fills the box): a click whose press and
    // release both land on it is a click outside the frame. Escape is the keyboard way out.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape (the cancel event) closes it from the keyboard
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        const outside = event.target === event.currentTarget && pressedOnBackdrop.current;
        pressedOnBackdrop.current = false;
        if (outside && !busy) onClose();
      }}
    >
      <div className={styles.frame}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            aria-label={_(UI_TEXTS.close)}
            disabled={busy}
            onClick={() => {
              if (!busy) onClose();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={styles.content}>{children}</div>
      </div>
    </dialog>
  );
}

/**
 * The dialog's action row: it stays in view at the bottom of the scrolling content (put it last,
 * inside the form so that its submit button needs no `form` attribute).
 */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className={styles.footer}>{children}</div>;
}
