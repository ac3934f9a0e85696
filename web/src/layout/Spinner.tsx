import styles from './Spinner.module.css';

/** A loading indicator with its text; `data-loading` tells the browser tests the page is not settled. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className={styles.spinner} role="status" aria-live="polite" data-loading>
      <span className={styles.wheel} aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}
