import type { ReactNode } from 'react';
import styles from './DashboardCard.module.css';

/** A card of the dashboard: a region named by its heading, a link beside it, then its content. */
export function DashboardCard({
  id,
  title,
  action,
  children,
}: {
  /** The heading's id (the region is labelled by it). */
  id: string;
  title: string;
  /** Beside the heading: a link to the whole list, say. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={`card ${styles.card}`} aria-labelledby={id}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
