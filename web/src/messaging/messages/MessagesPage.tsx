import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, useLocation, useSearchParams } from 'react-router-dom';
import { pageCount } from '../../api/jsonapi';
import { useMeQuery } from '../../auth/authApi';
import { Icon } from '../../layout/Icon';
import { Pagination } from '../../layout/Pagination';
import { cx } from '../../lib/classNames';
import { useDates } from '../../lib/dates';
import { useListParams } from '../../lib/useListParams';
import { QueryState } from '../../layout/QueryState';
import styles from '../messaging.module.css';
import { MESSAGES_PAGE_SIZE, useCourseMessagesQuery, type CourseMessage } from './messagesApi';

/** Inbox and sent messages, and the way to a new one: the head of every course-message page. */
export function MailboxNav() {
  const { t } = useTranslation();
  return (
    <nav className={styles.tabs} aria-label={t('messaging.messages.boxes')}>
      <NavLink to="/messages" end>
        {t('messaging.messages.inbox')}
      </NavLink>
      <NavLink to="/messages/sent">{t('messaging.messages.sent')}</NavLink>
      <Link className="button button-primary small" to="/messages/new">
        <Icon name="plus" /> {t('messaging.messages.write')}
      </Link>
    </nav>
  );
}

/**
 * `/messages` and `/messages/sent`: the course messages the caller received or sent, newest
 * first, ten a page (`?page=`); an unread one is marked. `/messages?chat={id}` (the link of a chat
 * notification: the spec gives the chat no route of its own) opens that room of `/chat`.
 */
export default function MessagesPage() {
  const chat = useSearchParams()[0].get('chat');
  return chat ? <Navigate to={`/chat/${encodeURIComponent(chat)}`} replace /> : <Mailbox />;
}

function Mailbox() {
  const { t } = useTranslation();
  const sent = useLocation().pathname.endsWith('/sent');
  const me = useMeQuery();
  const { page, goTo } = useListParams();
  const messages = useCourseMessagesQuery(
    { box: sent ? 'sent' : 'inbox', userId: me.data?.id ?? '', offset: (page - 1) * MESSAGES_PAGE_SIZE },
    { skip: !me.data },
  );
  return (
    <section aria-labelledby="messages-title">
      <header className="page-header">
        <div>
          <h1 id="messages-title">{t(sent ? 'routes.messagesSent' : 'routes.messages')}</h1>
          <p className="muted">{t('messaging.messages.intro')}</p>
        </div>
      </header>
      <MailboxNav />
      <QueryState
        query={{ ...messages, isLoading: messages.isLoading || me.isLoading }}
        loading={t('messaging.messages.loading')}
        failed={t('messaging.messages.failed')}
        empty={
          messages.data?.items.length === 0
            ? t(sent ? 'messaging.messages.emptySent' : 'messaging.messages.emptyInbox')
            : null
        }
      >
        {() => (
          <>
            <ul className="plain-list card" aria-label={t('messaging.messages.list')}>
              {messages.data!.items.map((message) => (
                <MessageRow key={message.id} message={message} sent={sent} />
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(messages.data!.total, MESSAGES_PAGE_SIZE)}
              onPage={goTo}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

function MessageRow({ message, sent }: { message: CourseMessage; sent: boolean }) {
  const { t } = useTranslation();
  const dates = useDates();
  const unread = !sent && !message.is_read;
  return (
    <li className={cx('list-row', styles.row, unread && styles.unread)}>
      <div className={styles.main}>
        <Link to={`/messages/${encodeURIComponent(message.id)}`} className={styles.title}>
          {message.subject}
        </Link>
        <span className="muted small">
          {sent
            ? t('messaging.messages.to', { name: message.receiver?.name ?? '' })
            : t('messaging.messages.from', { name: message.sender?.name ?? '' })}
          {message.attachments.length > 0
            ? ` · ${t('messaging.messages.attachments', { count: message.attachments.length })}`
            : ''}
        </span>
      </div>
      <span className="muted small">{dates.dateTime(message.created_at)}</span>
      {unread && <span className="badge">{t('messaging.messages.unread')}</span>}
    </li>
  );
}
