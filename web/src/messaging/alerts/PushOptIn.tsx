import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useChangePushSettingsMutation, usePushSettingsQuery, usePushTokenMutation } from '../push/pushApi';
import { registerPush, type PushOutcome } from '../push/registerPush';
import styles from '../messaging.module.css';

/**
 * Browser notifications on the account settings: "Turn on" asks this browser's permission and
 * registers its push subscription with the messaging service (`registerPush` with the service's
 * VAPID key), which turns the user's push preference on; "Turn off" turns it off for every browser.
 */
export function PushOptIn({ className }: { className: string }) {
  const { t } = useTranslation();
  const settings = usePushSettingsQuery();
  const [sendToken] = usePushTokenMutation();
  const [change, changing] = useChangePushSettingsMutation();
  const [outcome, setOutcome] = useState<PushOutcome | 'asking' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const key = settings.data?.push_public_key;

  const enable = () => {
    if (!key) return setOutcome('unsupported');
    setFailure(null);
    setOutcome('asking');
    registerPush(key, (token) => sendToken({ action: 'update', token }).unwrap()).then(
      setOutcome,
      (error: unknown) => {
        setOutcome(null);
        setFailure(notificationFor(error, t('messaging.push.failed')).text);
      },
    );
  };
  const disable = () => {
    setFailure(null);
    setOutcome(null);
    change({ push: false })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error, t('messaging.push.failed')).text));
  };

  const on = outcome === 'subscribed' || (outcome === null && settings.data?.push === true);
  const said =
    outcome === 'denied' || outcome === 'unsupported'
      ? t(`messaging.push.${outcome}`)
      : on
        ? t('messaging.push.granted')
        : settings.data
          ? t('messaging.push.off')
          : '';
  return (
    <section className={className} aria-labelledby="push-title">
      <h2 id="push-title" className="section-title">
        {t('messaging.push.title')}
      </h2>
      <p className="muted small">{t('messaging.push.help')}</p>
      <p className={styles.pushRow}>
        <button
          type="button"
          className="button"
          disabled={outcome === 'asking' || !settings.data}
          onClick={enable}
        >
          {outcome === 'asking' ? t('messaging.push.enabling') : t('messaging.push.enable')}
        </button>
        {on && (
          <button type="button" className="button" disabled={changing.isLoading} onClick={disable}>
            {t('messaging.push.disable')}
          </button>
        )}
        <span role="status" className="small">
          {said}
        </span>
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </section>
  );
}
