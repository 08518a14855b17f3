import styles from './route-error.module.css';

/** Shown while the first screen's code loads. */
export function RouteLoading() {
  return (
    <div className={styles.box} role="status">
      <p>Loading...</p>
    </div>
  );
}
