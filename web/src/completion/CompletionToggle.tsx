import { useTranslation } from 'react-i18next';
import { cx } from '../lib/classNames';
import { useMarkCompletionMutation } from './completionApi';
import styles from './completion.module.css';

/** A student's "mark as done" of one content; the change shows at once (taken back if refused). */
export function CompletionToggle({
  courseId,
  contentId,
  name,
  done,
}: {
  courseId: string;
  contentId: string;
  name: string;
  done: boolean;
}) {
  const { t } = useTranslation();
  const [mark] = useMarkCompletionMutation();
  return (
    <label className={cx(styles.toggle, done && styles.toggleDone)}>
      <input
        type="checkbox"
        checked={done}
        aria-label={t(done ? 'completion.doneNamed' : 'completion.markDoneNamed', { name })}
        onChange={(event) => void mark({ courseId, contentId, done: event.target.checked })}
      />
      <span aria-hidden="true">{done ? t('completion.done') : t('completion.markDone')}</span>
    </label>
  );
}
