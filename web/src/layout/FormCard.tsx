import type { FormEvent, ReactNode } from 'react';

/** A form on a card: its title (naming the form for screen readers), a line of help, its fields. */
export function FormCard({
  id,
  title,
  help,
  onSubmit,
  children,
}: {
  /** Prefix of the title's element id (`<id>-title`). */
  id: string;
  title: string;
  help: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="card card-body" onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      <p className="muted small">{help}</p>
      {children}
    </form>
  );
}
