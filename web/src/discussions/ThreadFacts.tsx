import { useTranslation } from 'react-i18next';
import { useDates } from '../lib/dates';
import type { Thread } from './discussionsApi';
import styles from './discussions.module.css';

/** A thread's title as shown: the introduction thread's in the interface language. */
export function useThreadTitle() {
  const { t } = useTranslation();
  return (thread: Pick<Thread, 'title' | 'is_introduction'>) =>
    thread.is_introduction && thread.title === 'Introductions' ? t('discussion.introduction') : thread.title;
}

/** Who started a thread, its replies and last activity, and its state (pinned, locked, hidden). */
export function ThreadFacts({ thread }: { thread: Thread }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  return (
    <span className={`muted small ${styles.facts}`}>
      {thread.is_pinned && <span className="badge">{t('discussion.pinned')}</span>}
      {thread.is_locked && <span className="badge badge-warning">{t('discussion.locked')}</span>}
      {thread.is_hidden && <span className="badge badge-muted">{t('discussion.hidden')}</span>}
      {thread.author && <span>{t('discussion.by', { name: thread.author.name })}</span>}
      <span>{t('discussion.replyCount', { count: thread.reply_count })}</span>
      <span>{t('discussion.lastActivity', { time: dateTime(thread.updated_at) })}</span>
    </span>
  );
}
