import type { ReactNode } from 'react';

/** A labelled select of a form row, its value held by the caller; `invalid` marks it, `busy` while its options load. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  invalid = false,
  busy = false,
  required,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  busy?: boolean;
  required?: boolean;
  /** The `<option>`s. */
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-busy={busy}
        required={required}
      >
        {children}
      </select>
    </div>
  );
}
