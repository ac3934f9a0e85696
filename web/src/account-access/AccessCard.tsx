import type { FormEvent, ReactNode } from 'react';
import { PublicFrame } from '../public/PublicFrame';
import styles from './AccessCard.module.css';

/**
 * The card of a page reached without an account (register, forgot and reset password, verify
 * e-mail): its title heading it, a form when `onSubmit` is given, its links (`links`) at the end.
 */
export function AccessCard({
  id,
  title,
  onSubmit,
  links,
  children,
}: {
  id: string;
  title: string;
  onSubmit?: (event: FormEvent) => void;
  links?: ReactNode;
  children: ReactNode;
}) {
  const content = (
    <>
      <h1 id={`${id}-title`}>{title}</h1>
      {children}
      {links && <p className={`${styles.links} small`}>{links}</p>}
    </>
  );
  return (
    <PublicFrame title={title}>
      {onSubmit ? (
        <form
          className={`public-card ${styles.card}`}
          aria-labelledby={`${id}-title`}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(event);
          }}
        >
          {content}
        </form>
      ) : (
        <section className={`public-card ${styles.card}`} aria-labelledby={`${id}-title`}>
          {content}
        </section>
      )}
    </PublicFrame>
  );
}
