import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useMeQuery } from '../../auth/authApi';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';
import { cx } from '../../lib/classNames';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { useReadAlertsMutation } from '../alerts/alertsApi';
import { QueryState } from '../../layout/QueryState';
import styles from '../messaging.module.css';
import {
  useDeleteChatRoomMutation,
  useLazyOlderMessagesQuery,
  useChatRoomQuery,
  useSendChatMessageMutation,
  type ChatMessage,
} from './chatApi';

/** A quoted message cut to a line. */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * An open room: its newest messages (older ones on demand), each answerable, and the field to
 * write in. Opening it marks the room and its chat notifications read. What is typed stays while
 * other messages arrive; the log keeps to its end unless the reader scrolled up.
 */
export function RoomView({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMeQuery();
  const view = useChatRoomQuery(roomId);
  const [older, loadingOlder] = useLazyOlderMessagesQuery();
  const [readAlerts] = useReadAlertsMutation();
  const [removeRoom, removing] = useDeleteChatRoomMutation();
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const messages = view.data?.messages ?? [];
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    if (view.isSuccess) void readAlerts({ type: 'MESSAGE', objectId: roomId }).catch(() => undefined);
  }, [view.isSuccess, readAlerts, roomId]);

  useLayoutEffect(() => {
    if (atEnd.current && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [lastId]);

  const name = view.data?.room.name ?? '';
  return (
    <div className={styles.room}>
      <QueryState
        query={view}
        loading={t('messaging.chat.roomLoading')}
        failed={t('messaging.chat.roomFailed')}
        empty={null}
      >
        {() => (
          <>
            <header className={styles.roomHead}>
              <Link className={cx('small', styles.back)} to="/chat">
                ← {t('messaging.chat.back')}
              </Link>
              <h2 className="section-title">{name}</h2>
              <ConfirmButton
                className="button small"
                question={t('messaging.chat.deleteQuestion', { name })}
                details={t('messaging.chat.deleteDetails')}
                action={t('messaging.chat.delete')}
                disabled={removing.isLoading}
                onConfirm={() =>
                  void removeRoom(roomId)
                    .unwrap()
                    .then(() => navigate('/chat'))
                    .catch(() => undefined)
                }
              >
                {t('messaging.chat.delete')}
              </ConfirmButton>
            </header>
            {view.data!.hasOlder && messages.length > 0 && (
              <button
                type="button"
                className="button small"
                disabled={loadingOlder.isFetching}
                onClick={() => void older({ id: roomId, before: messages[0].id })}
              >
                {t('messaging.chat.older')}
              </button>
            )}
            {/* the log around the list: a role on the <ol> itself would take its items out of a list */}
            <div
              ref={log}
              className={styles.log}
              role="log"
              aria-label={t('messaging.chat.history')}
              tabIndex={0}
              onScroll={(event) => {
                const box = event.currentTarget;
                atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
              }}
            >
              <ol className={styles.logList}>
                {messages.map((message) => (
                  <MessageBubble
                    repliesTo={messages.find((item) => item.id === String(message.reply_message_id))}
                    key={message.id}
                    message={message}
                    mine={String(message.user_id) === me.data?.id}
                    onReply={setReplyTo}
                  />
                ))}
              </ol>
            </div>
            <Composer roomId={roomId} replyTo={replyTo} onReplied={() => setReplyTo(null)} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function MessageBubble({
  message,
  repliesTo,
  mine,
  onReply,
}: {
  message: ChatMessage;
  /** The message it answers, when it is among those shown. */
  repliesTo: ChatMessage | undefined;
  mine: boolean;
  onReply: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const author = mine ? t('messaging.chat.you') : message.user_name;
  return (
    <li className={cx(styles.bubble, mine && styles.mine)}>
      <span className={cx('small', styles.author)}>{author}</span>
      {repliesTo && (
        <blockquote className={cx('small muted', styles.quote)}>
          {t('messaging.chat.inReplyTo', { name: repliesTo.user_name, text: excerpt(repliesTo.message) })}
        </blockquote>
      )}
      <p className={styles.text}>{message.message}</p>
      <span className={cx('muted small', styles.meta)}>
        {dates.dateTime(message.created_at)}
        <button
          type="button"
          className="link-button small"
          aria-label={t('messaging.chat.replyTo', { name: author })}
          onClick={() => onReply(message)}
        >
          {t('messaging.detail.reply')}
        </button>
      </span>
    </li>
  );
}

/** The field of an open room: Enter sends, Shift+Enter starts a new line; a failed send keeps the text. */
function Composer({
  roomId,
  replyTo,
  onReplied,
}: {
  roomId: string;
  replyTo: ChatMessage | null;
  onReplied: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [send, sending] = useSendChatMessageMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (replyTo) field.current?.focus();
  }, [replyTo]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || sending.isLoading) return;
    setFailure(null);
    send({ chatId: roomId, message, ...(replyTo ? { replyTo: replyTo.id } : {}) })
      .unwrap()
      .then(() => {
        setText((current) => (current.trim() === message ? '' : current));
        onReplied();
      })
      .catch((error: unknown) => setFailure(notificationFor(error, t('messaging.chat.sendFailed')).text));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form className={styles.composer} onSubmit={submit}>
      {replyTo && (
        <p className={cx('small', styles.replying)}>
          {t('messaging.chat.replying', { name: replyTo.user_name, text: excerpt(replyTo.message) })}{' '}
          <button type="button" className="link-button small" onClick={onReplied}>
            {t('messaging.chat.cancelReply')}
          </button>
        </p>
      )}
      <label htmlFor={`composer-${roomId}`} className="sr-only">
        {t('messaging.chat.write')}
      </label>
      <textarea
        id={`composer-${roomId}`}
        ref={field}
        rows={2}
        value={text}
        placeholder={t('messaging.chat.write')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={4000}
      />
      <button type="submit" className="button button-primary" disabled={sending.isLoading || !text.trim()}>
        {t('messaging.chat.send')}
      </button>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}
