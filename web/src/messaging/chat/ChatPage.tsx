import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useMeQuery } from '../../auth/authApi';
import { cx } from '../../lib/classNames';
import { useDates } from '../../lib/dates';
import { QueryState } from '../../layout/QueryState';
import styles from '../messaging.module.css';
import { isUnread, useChatRoomsQuery } from './chatApi';
import { NewRoomForm } from './NewRoomForm';
import { RoomView } from './RoomView';

/**
 * `/chat` and `/chat/{roomId}`: the caller's conversations, newest first with their unread
 * marks, beside the open one (at phone width one or the other). Live over the socket; while it
 * reconnects the screen says so and sending still works.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const { roomId } = useParams();
  const socket = useChatRoomsQuery().data?.socket ?? 'connecting';
  return (
    <section aria-labelledby="chat-title" className={cx(styles.chat, roomId && styles.roomOpen)}>
      <header className={cx('page-header', styles.chatHead)}>
        <div>
          <h1 id="chat-title">{t('messaging.chat.title')}</h1>
          <p className="muted">{t('messaging.chat.intro')}</p>
        </div>
        <p className={cx('small', styles[socket])} role="status">
          {t(`messaging.chat.socket.${socket}`)}
        </p>
      </header>
      <div className={styles.chatPanes}>
        <RoomList openId={roomId} />
        {roomId ? (
          <RoomView key={roomId} roomId={roomId} />
        ) : (
          <p className={cx('muted', styles.chooseRoom)}>{t('messaging.chat.choose')}</p>
        )}
      </div>
    </section>
  );
}

function RoomList({ openId }: { openId: string | undefined }) {
  const { t } = useTranslation();
  const dates = useDates();
  const me = useMeQuery();
  const rooms = useChatRoomsQuery();
  return (
    <nav className={styles.rooms} aria-labelledby="rooms-title">
      <h2 id="rooms-title" className="section-title">
        {t('messaging.chat.rooms')}
      </h2>
      <NewRoomForm />
      <QueryState
        query={rooms}
        loading={t('messaging.chat.loading')}
        failed={t('messaging.chat.failed')}
        empty={rooms.data?.rooms.length === 0 ? t('messaging.chat.empty') : null}
      >
        {() => (
          <ul className="plain-list">
            {rooms.data!.rooms.map((room) => {
              const unread = room.id !== openId && isUnread(room, me.data?.id);
              return (
                <li key={room.id}>
                  <Link
                    to={`/chat/${encodeURIComponent(room.id)}`}
                    className={cx(styles.roomLink, unread && styles.unread)}
                    aria-current={room.id === openId ? 'page' : undefined}
                  >
                    <span className={styles.roomName}>
                      {room.name}
                      {unread && <span className="badge">{t('messaging.chat.unread')}</span>}
                    </span>
                    <span className="muted small">
                      {room.last_message ? room.last_message.message : t('messaging.chat.noMessage')}
                    </span>
                    <span className="muted small">{dates.dateTime(room.updatedAt)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </nav>
  );
}
