import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { WarningAlert } from '../layout/WarningAlert';
import { useDates } from '../lib/dates';
import { notificationFor } from '../notifications/notification';
import { useSendPresenceMutation } from './presenceApi';
import type { Presence } from './presenceTypes';

/**
 * Sends (closes) a session after a confirmation that says it is final: its marks are locked for
 * good and students can no longer check in.
 */
export function SendSessionButton({ presence }: { presence: Presence }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [send, sending] = useSendPresenceMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const when = dates.dateTime(presence.start_at) ?? '';
  return (
    <>
      <ConfirmButton
        className="button small"
        label={t('presence.send.label', { when })}
        disabled={sending.isLoading}
        question={t('presence.send.question', { when })}
        details={t('presence.send.details')}
        action={t('presence.send.action')}
        tone="primary"
        onConfirm={() => {
          setFailure(null);
          send({ id: presence.id })
            .unwrap()
            .catch((error: unknown) => setFailure(notificationFor(error, t('presence.send.failed')).text));
        }}
      >
        {t('presence.send.button')}
      </ConfirmButton>
      <WarningAlert>{failure}</WarningAlert>
    </>
  );
}
