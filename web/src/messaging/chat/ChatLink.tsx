import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../layout/Icon';
import { BELL_POLL_MS } from '../alerts/alertsApi';
import styles from '../messaging.module.css';
import { useUnreadRoomsQuery } from './chatApi';

/** The chat in the top bar, with how many conversations hold unread messages (spec 03 §5). */
export function ChatLink() {
  const { t } = useTranslation();
  const unread = useUnreadRoomsQuery(undefined, { pollingInterval: BELL_POLL_MS }).data ?? 0;
  const label = t('messaging.chat.link', { count: unread });
  return (
    <Link className="icon-button" to="/chat" aria-label={label} title={label}>
      <Icon name="chat" />
      {unread > 0 && (
        <span className={styles.count} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
