import type { InputHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/** A labelled text input of a form row, its value held by the caller; `invalid` marks it for screen readers and styles. */
export function InputField({
  id,
  label,
  value,
  onChange,
  invalid = false,
  ...input
}: InputProps & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
    </div>
  );
}
