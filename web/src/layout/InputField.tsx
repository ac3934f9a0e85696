import type { InputHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/**
 * A labelled text input of a form row, its value held by the caller; `invalid` marks it for screen
 * readers and styles. `fieldClassName` replaces the row's `field` class (a screen's own layout).
 */
export function InputField({
  id,
  label,
  value,
  onChange,
  invalid = false,
  fieldClassName = 'field',
  ...input
}: InputProps & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  fieldClassName?: string;
}) {
  return (
    <div className={fieldClassName}>
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
