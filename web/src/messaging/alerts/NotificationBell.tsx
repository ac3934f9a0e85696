import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMeQuery } from '../../auth/authApi';
import { Dropdown } from '../../layout/Dropdown';
import { Icon } from '../../layout/Icon';
import { cx } from '../../lib/classNames';
import { useDates } from '../../lib/dates';
import styles from '../messaging.module.css';
import {
  alertText,
  BELL_POLL_MS,
  BELL_SIZE,
  useAlertsQuery,
  useReadAlertsMutation,
  useReadAllAlertsMutation,
  type Alert,
} from './alertsApi';

/** Opening a notification reads it (its type and object), then its screen opens. */
export function useOpenAlert() {
  const [read] = useReadAlertsMutation();
  return (alert: Alert) => {
    if (!alert.isRead)
      void read({ type: alert.notifications_type, objectId: alert.objectId }).catch(() => undefined);
  };
}

/** One notification as a link to its screen, marked while unread. */
export function AlertLink({ alert, onOpen }: { alert: Alert; onOpen: (alert: Alert) => void }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <Link
      to={alert.link}
      className={cx(styles.alert, !alert.isRead && styles.unread)}
      onClick={() => onOpen(alert)}
    >
      <span>
        {!alert.isRead && <span className="sr-only">{t('messaging.alerts.unread')}: </span>}
        {alertText(alert)}
      </span>
      <span className="muted small">{dates.dateTime(alert.created_at)}</span>
    </Link>
  );
}

/**
 * The bell of the top bar: how many notifications are unread (asked again every minute), the
 * newest few — each opens its screen and is read — "Mark all as read" and the notifications page.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const me = useMeQuery();
  const alerts = useAlertsQuery(
    { userId: me.data?.id ?? '', limit: BELL_SIZE, offset: 0 },
    { skip: !me.data, pollingInterval: BELL_POLL_MS },
  );
  const [readAll, readingAll] = useReadAllAlertsMutation();
  const open = useOpenAlert();
  const unread = alerts.data?.unread ?? 0;
  return (
    <Dropdown
      label={t('messaging.alerts.bell', { count: unread })}
      panelClassName={styles.bellPanel}
      button={
        <>
          <Icon name="bell" />
          {unread > 0 && (
            <span className={styles.count} aria-hidden="true" data-testid="bell-count">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <>
          <p className={styles.panelTitle}>{t('messaging.alerts.title')}</p>
          {alerts.isError ? (
            <p className={styles.panelEmpty}>{t('messaging.alerts.failed')}</p>
          ) : (alerts.data?.items.length ?? 0) === 0 ? (
            <p className={styles.panelEmpty}>{t('messaging.alerts.empty')}</p>
          ) : (
            <ul className="plain-list">
              {alerts.data!.items.map((alert) => (
                <li key={alert.id}>
                  <AlertLink
                    alert={alert}
                    onOpen={(item) => {
                      open(item);
                      close();
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <div className={styles.panelFooter}>
            {unread > 0 && (
              <button
                type="button"
                className="button small"
                disabled={readingAll.isLoading}
                onClick={() => void readAll()}
              >
                {t('messaging.alerts.markAll')}
              </button>
            )}
            <Link to="/notification" onClick={close}>
              {t('layout.allNotifications')}
            </Link>
          </div>
        </>
      )}
    </Dropdown>
  );
}
