import { useLingui } from '@lingui/react';
import styles from './route-error.module.css';
import { ROUTE_TEXTS } from './shell/texts.ts';

/** Shown while the first screen's code loads. */
export function RouteLoading() {
  const { _ } = useLingui();
  return (
    <div className={styles.box} role="status">
      <p>{_(ROUTE_TEXTS.loading)}</p>
    </div>
  );
}
