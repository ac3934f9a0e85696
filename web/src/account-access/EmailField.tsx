import { useTranslation } from 'react-i18next';
import { InputField } from '../layout/InputField';

/** The e-mail address of a form of these pages, with a hint below it when given. */
export function EmailField({
  value,
  onChange,
  invalid,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <InputField
        id="email"
        label={t('accountAccess.email')}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        aria-describedby={hint ? 'email-hint' : undefined}
        value={value}
        onChange={onChange}
        invalid={invalid}
      />
      {hint && (
        <p id="email-hint" className="muted small">
          {hint}
        </p>
      )}
    </>
  );
}
