import { useLingui } from '@lingui/react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SwitchTrack } from '#web/components/ui/switch-field.tsx';
import { signOutAndForget } from '#web/features/offline/index.ts';
import type { TAuthState } from '#web/lib/auth-store.ts';
import { useClientConfig } from '#web/lib/client-config.ts';
import { roleLabel } from '#web/lib/texts.ts';
import { getThemeStore, useTheme } from '#web/lib/theme-store.ts';
import { initialsOf } from './initials.ts';
import { SHELL_TEXTS } from './texts.ts';
import { useDismiss } from './use-dismiss.ts';
import styles from './user-menu.module.css';

/** The signed-in user's dropdown: account, dark mode, sign out and support. */
export function UserMenu({ user }: { user: TAuthState }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const themeLabelId = useId();
  const themeStatusId = useId();
  const signOutLabelId = useId();
  const signOutHintId = useId();
  const supportLabelId = useId();
  const supportHintId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const theme = useTheme();
  const { data: config } = useClientConfig();

  const close = useCallback(() => setOpen(false), []);
  useDismiss(pathname, open, containerRef, close, buttonRef);

  const name = user.displayName || user.email;
  const role = _(roleLabel(user));
  const dark = theme === 'dark';

  function toggleTheme() {
    getThemeStore().toggle();
    setOpen(false);
    buttonRef.current?.focus();
  }

  async function signOut() {
    setOpen(false);
    // Unsent changes are confirmed first; this user's offline data leaves the device (features/offline).
    if (await signOutAndForget()) navigate('/login');
  }

  return (
    <div className={styles.container} ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(user.displayName, user.email)}
        </span>
        <span className={styles.who}>
          {/* data-truncates: a long name is cut on purpose (e2e clip check) */}
          <span className={styles.name} data-truncates>
            {name}
          </span>
          <span className={styles.role}>{role}</span>
        </span>
        <svg className={styles.chevron} aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open ? (
        <div id={panelId} className={styles.panel}>
          <div className={styles.summary}>
            <span className={styles.avatarLarge} aria-hidden="true">
              {initialsOf(user.displayName, user.email)}
            </span>
            <div className={styles.summaryText}>
              <span className={styles.summaryName}>{name}</span>
              {user.displayName && user.email ? (
                <span className={styles.summaryEmail}>{user.email}</span>
              ) : null}
              <span className={styles.summaryRole}>{role}</span>
            </div>
          </div>
          <ul className={styles.items}>
            <li>
              <Link to="/profile" className={styles.item} onClick={close}>
                <span className={styles.itemLabel}>{_(SHELL_TEXTS.manageAccount)}</span>
              </Link>
            </li>
            <li>
              <button
                type="button"
                role="switch"
                aria-checked={dark}
                aria-labelledby={themeLabelId}
                aria-describedby={themeStatusId}
                className={styles.item}
                onClick={toggleTheme}
              >
                <span className={styles.itemText}>
                  <span id={themeLabelId} className={styles.itemLabel}>
                    {_(SHELL_TEXTS.darkMode)}
                  </span>
                  <span id={themeStatusId} className={styles.itemHint}>
                    {dark ? _(SHELL_TEXTS.currentlyEnabled) : _(SHELL_TEXTS.currentlyDisabled)}
                  </span>
                </span>
                <SwitchTrack on={dark} />
              </button>
            </li>
            <li>
              <button
                type="button"
                className={styles.item}
                aria-labelledby={signOutLabelId}
                aria-describedby={signOutHintId}
                onClick={() => void signOut()}
              >
                <span className={styles.itemText}>
                  <span id={signOutLabelId} className={styles.itemLabel}>
                    {_(SHELL_TEXTS.signOut)}
                  </span>
                  <span id={signOutHintId} className={styles.itemHint}>
                    {_(SHELL_TEXTS.signOutHint)}
                  </span>
                </span>
              </button>
            </li>
            {config?.supportEmail ? (
              <li>
                <a
                  href={`mailto:${config.supportEmail}`}
                  className={styles.item}
                  aria-labelledby={supportLabelId}
                  aria-describedby={supportHintId}
                  onClick={close}
                >
                  <span className={styles.itemText}>
                    <span id={supportLabelId} className={styles.itemLabel}>
                      {_(SHELL_TEXTS.contactSupport)}
                    </span>
                    <span id={supportHintId} className={styles.itemHint}>
                      {config.supportEmail}
                    </span>
                  </span>
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
