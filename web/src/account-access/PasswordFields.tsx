import { useTranslation } from 'react-i18next';
import { InputField } from '../layout/InputField';

/** The least length of a password the server accepts (NIST SP 800-63B, as identity's rules). */
export const PASSWORD_MIN_LENGTH = 8;

/** A new password typed twice; `differ` marks the repetition when the two are not the same. */
export function PasswordFields({
  password,
  repeated,
  onPassword,
  onRepeated,
  invalid,
}: {
  password: string;
  repeated: string;
  onPassword: (value: string) => void;
  onRepeated: (value: string) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const differ = repeated !== '' && repeated !== password;
  return (
    <>
      <InputField
        id="new-password"
        label={t('accountAccess.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        aria-describedby="new-password-hint"
        value={password}
        onChange={onPassword}
        invalid={invalid}
      />
      <p id="new-password-hint" className="muted small">
        {t('accountAccess.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      </p>
      <InputField
        id="repeat-password"
        label={t('accountAccess.repeatPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={repeated}
        onChange={onRepeated}
        invalid={differ}
        aria-describedby={differ ? 'repeat-password-differs' : undefined}
      />
      {differ && (
        <p id="repeat-password-differs" className="small">
          {t('accountAccess.passwordsDiffer')}
        </p>
      )}
    </>
  );
}
