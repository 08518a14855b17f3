import { Trans, useLingui } from '@lingui/react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import styles from './route-error.module.css';
import { ROUTE_TEXTS } from './shell/texts.ts';

/** Shown when a screen fails to load or render (e.g. a new version was deployed meanwhile). */
export function RouteError() {
  const { _ } = useLingui();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className={styles.box} role="alert">
      <h1>{_(ROUTE_TEXTS.failedTitle)}</h1>
      <p>{_(detail ? ROUTE_TEXTS.failedWithDetail(detail) : ROUTE_TEXTS.failed)}</p>
      <p>
        <Trans
          {...ROUTE_TEXTS.reloadOrHome}
          components={{
            // biome-ignore lint/a11y/useAnchorContent: Trans puts the message's words inside
            0: <a href={window.location.href} />,
            1: <Link to="/" />,
          }}
        />
      </p>
    </div>
  );
}
