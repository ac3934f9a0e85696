import { useTranslation } from 'react-i18next';
import { pageCount } from '../../api/jsonapi';
import { useMeQuery } from '../../auth/authApi';
import { Pagination } from '../../layout/Pagination';
import { WarningAlert } from '../../layout/WarningAlert';
import { useListParams } from '../../lib/useListParams';
import { notificationFor } from '../../notifications/notification';
import { QueryState } from '../../layout/QueryState';
import { ALERTS_PAGE_SIZE, useAlertsQuery, useReadAllAlertsMutation } from './alertsApi';
import { AlertLink, useOpenAlert } from './NotificationBell';

/** `/notification`: every notification of the caller, ten a page, unread ones marked; read them all at once. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const me = useMeQuery();
  const { page, goTo } = useListParams();
  const alerts = useAlertsQuery(
    { userId: me.data?.id ?? '', limit: ALERTS_PAGE_SIZE, offset: (page - 1) * ALERTS_PAGE_SIZE },
    { skip: !me.data },
  );
  const [readAll, readingAll] = useReadAllAlertsMutation();
  const open = useOpenAlert();
  const unread = alerts.data?.unread ?? 0;
  return (
    <section aria-labelledby="alerts-title">
      <header className="page-header">
        <div>
          <h1 id="alerts-title">{t('routes.notifications')}</h1>
          <p className="muted">
            {t('messaging.alerts.intro')} {unread > 0 && t('messaging.alerts.unreadCount', { count: unread })}
          </p>
        </div>
        {unread > 0 && (
          <button
            type="button"
            className="button"
            disabled={readingAll.isLoading}
            onClick={() => void readAll()}
          >
            {t('messaging.alerts.markAll')}
          </button>
        )}
      </header>
      {readingAll.isError && (
        <WarningAlert>
          {notificationFor(readingAll.error, t('messaging.alerts.markFailed')).text}
        </WarningAlert>
      )}
      <QueryState
        query={{ ...alerts, isLoading: alerts.isLoading || me.isLoading }}
        loading={t('messaging.alerts.loading')}
        failed={t('messaging.alerts.failed')}
        empty={alerts.data?.items.length === 0 ? t('messaging.alerts.empty') : null}
      >
        {() => (
          <>
            <ul className="plain-list card">
              {alerts.data!.items.map((alert) => (
                <li key={alert.id} className="list-row">
                  <AlertLink alert={alert} onOpen={open} />
                </li>
              ))}
            </ul>
            <Pagination page={page} pages={pageCount(alerts.data!.total, ALERTS_PAGE_SIZE)} onPage={goTo} />
          </>
        )}
      </QueryState>
    </section>
  );
}
