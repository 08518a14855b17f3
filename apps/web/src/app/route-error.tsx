import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import styles from './route-error.module.css';

/** Shown when a screen fails to load or render (e.g. a new version was deployed meanwhile). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className={styles.box} role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be displayed.{detail ? ` (${detail})` : ''}</p>
      <p>
        <a href={window.location.href}>Reload the page</a> or <Link to="/">go to the home page</Link>.
      </p>
    </div>
  );
}
