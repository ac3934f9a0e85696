import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { useCheckInPresenceMutation } from './presenceApi';

/**
 * A student's check-in: the code the lecturer shows (filled in when a QR code brought it), sent
 * while the session's window is open.
 */
export function CheckInForm({ presenceId, initialCode }: { presenceId: string; initialCode: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState(initialCode);
  const [failure, setFailure] = useState<string | null>(null);
  const [checkIn, checking] = useCheckInPresenceMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!code.trim()) {
      setFailure(t('presence.checkIn.codeRequired'));
      return;
    }
    checkIn({ id: presenceId, code: code.trim() })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error, t('presence.checkIn.failed')).text));
  };

  return (
    <form className="form-row" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-code`}>{t('presence.checkIn.code')}</label>
        <input
          id={`${id}-code`}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={failure ? true : undefined}
        />
      </div>
      <button type="submit" className="button button-primary" disabled={checking.isLoading}>
        {t('presence.checkIn.button')}
      </button>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}
