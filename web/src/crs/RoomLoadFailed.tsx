import { useTranslation } from 'react-i18next';
import { notificationFor } from '../notifications/notification';

/** A live classroom that could not be read (not the reader's, gone, or the call failed), and trying again. */
export function RoomLoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-message" role="alert">
      <h1>{t('crs.live.notFound')}</h1>
      <p>{notificationFor(error, t('crs.live.failed')).text}</p>
      <p className="empty-actions">
        <button type="button" className="button" onClick={retry}>
          {t('common.tryAgain')}
        </button>
      </p>
    </div>
  );
}
