import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../layout/WarningAlert';
import { useDates } from '../lib/dates';
import { useClockOffset } from '../lib/serverClock';
import { notificationFor } from '../notifications/notification';
import { onCampusClock, type ChatMessage } from './crsTypes';
import { chatTooFast, type RoomSend } from './crsSocket';
import styles from './crs.module.css';

/** A message's text cut to a line, for the quote of a reply. */
const quote = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * The room's chat: the latest messages (earlier ones on demand), each answerable ("Reply" quotes
 * it above the field), and the field that sends one (`msg`). New messages are read out politely
 * (a `log`) and the list keeps the latest in view.
 */
export function ChatPanel({
  messages,
  earlier,
  live,
  send,
  loadEarlier,
}: {
  messages: ChatMessage[];
  earlier: number;
  live: boolean;
  send: RoomSend;
  loadEarlier: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const offset = useClockOffset() ?? 0;
  const id = useId();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const latest = messages.at(-1)?.id;

  // the latest message stays in view
  useEffect(() => {
    const node = list.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [latest]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    setFailure(null);
    setSending(true);
    try {
      await send('msg', { message, reply_chat_id: replyTo ? Number(replyTo.id) : null });
      setText('');
      setReplyTo(null);
    } catch (error) {
      // the chat's pace says how long to wait, in the interface language; the text stays to send again
      const tooFast = chatTooFast(error);
      setFailure(
        tooFast
          ? t('crs.chat.tooFast', { count: tooFast.wait, limit: tooFast.limit, seconds: tooFast.seconds })
          : notificationFor(error, t('crs.noAnswer')).text,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={`card card-body ${styles.chat}`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('crs.chat.title')}
      </h2>
      {earlier > 0 && (
        <button
          type="button"
          className="button small"
          onClick={() =>
            void loadEarlier().catch((error: unknown) => setFailure(notificationFor(error).text))
          }
        >
          {t('crs.chat.earlier', { count: earlier })}
        </button>
      )}
      {messages.length === 0 ? (
        <p className="muted">{t('crs.chat.empty')}</p>
      ) : (
        <div ref={list} className={styles.messages} role="log" aria-labelledby={`${id}-title`} tabIndex={0}>
          <ol className={styles.messageList}>
            {messages.map((message) => (
              <li key={message.id} className={styles.message}>
                <p className={styles.messageHead}>
                  <strong>{message.user_name}</strong>{' '}
                  <span className="muted small">{dateTime(onCampusClock(message.created_at, offset))}</span>
                </p>
                {message.reply && (
                  <blockquote className={styles.quote}>
                    <span className="sr-only">
                      {t('crs.chat.inReplyTo', { name: message.reply.user_name })}
                    </span>
                    <span aria-hidden="true">{message.reply.user_name}: </span>
                    {quote(message.reply.message)}
                  </blockquote>
                )}
                <p className={styles.messageText}>{message.message}</p>
                {live && (
                  <button
                    type="button"
                    className={`small ${styles.linkButton}`}
                    aria-label={t('crs.chat.replyTo', {
                      name: message.user_name,
                      message: quote(message.message),
                    })}
                    onClick={() => {
                      setReplyTo(message);
                      field.current?.focus();
                    }}
                  >
                    {t('crs.chat.reply')}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
      <form className={styles.chatForm} onSubmit={(event) => void submit(event)}>
        {replyTo && (
          <p className={styles.replying}>
            <span>
              {t('crs.chat.replying', { name: replyTo.user_name, message: quote(replyTo.message) })}
            </span>
            <button type="button" className={`small ${styles.linkButton}`} onClick={() => setReplyTo(null)}>
              {t('crs.chat.cancelReply')}
            </button>
          </p>
        )}
        <label htmlFor={`${id}-text`} className="sr-only">
          {t('crs.chat.message')}
        </label>
        <input
          ref={field}
          id={`${id}-text`}
          value={text}
          maxLength={2000}
          autoComplete="off"
          placeholder={t('crs.chat.placeholder')}
          disabled={!live}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={!live || sending || !text.trim()}>
          {t('crs.chat.send')}
        </button>
      </form>
      <WarningAlert>{failure}</WarningAlert>
    </section>
  );
}
