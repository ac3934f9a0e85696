import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../../auth/guard';
import { Spinner } from '../../layout/Spinner';
import { RichText } from '../../lib/richtext/RichText';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { ChangeRequest } from './AnswerEditor';
import { AnswerStateBadge } from './AnswerStateBadge';
import { CommentsThread } from './CommentsThread';
import { FileList } from './FileList';
import { ScoreView } from './ScoreView';
import { TaskWindow } from './TaskWindow';
import { useTaskQuery } from '../api';
import type { Task, TaskAnswer } from '../taskTypes';
import { answerState, mayEdit } from './taskState';
import { statusOf } from './errors';
import { useNow } from '../../lib/serverClock';
import { useTaskAnswer } from './useTaskAnswer';
import styles from './student.module.css';
import { BookmarkToggle } from '../../space/BookmarkToggle';

/** Where a student answers a task: the take page, or the group's page for a group task. */
export const answerPath = (task: Pick<Task, 'id' | 'tasks_type'>) =>
  task.tasks_type === 'GROUP'
    ? `/assignment/group/${encodeURIComponent(task.id)}`
    : `/assignment/take/${encodeURIComponent(task.id)}`;

/**
 * `/assignment/{id}` for a student: the task's instructions and attachments, its window with the
 * time left, where their answer stands (a draft, sent, late, sent back with the lecturer's comment,
 * scored when the task shows scores with the rubric levels chosen), the way to their answer, and
 * the comments on it.
 */
export default function StudentTaskPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const task = useTaskQuery(id);
  const mine = useTaskAnswer(task.data);

  if (task.isLoading) return <Spinner label={t('task.student.loading')} />;
  if (statusOf(task.error) === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (task.isError || !task.data) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(task.error, t('task.student.loadFailed')).text}</p>
        <button type="button" className="button" onClick={() => void task.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  const data = task.data;
  return (
    <article className={styles.page} aria-labelledby="task-title">
      <header className="page-header">
        <div>
          <p className="muted small">
            {data.tasks_type === 'GROUP' ? t('task.student.kind.group') : t('task.student.kind.personal')}
          </p>
          <h1 id="task-title">{data.name}</h1>
        </div>
        <BookmarkToggle kind="task" itemId={data.id} title={data.name} />
      </header>
      <div className={styles.columns}>
        <div className={styles.main}>
          <section aria-labelledby="task-instructions" className="card">
            <div className="card-body">
              <h2 id="task-instructions" className="section-title">
                {t('task.student.instructions')}
              </h2>
              {data.description ? (
                <RichText html={data.description} />
              ) : (
                <p className="muted">{t('task.student.noInstructions')}</p>
              )}
              {data.files.length > 0 && (
                <>
                  <h3 className="section-title">{t('task.student.files.attachments')}</h3>
                  <FileList
                    files={data.files}
                    base={`course/tasks/${encodeURIComponent(data.id)}/files`}
                    label={t('task.student.files.attachments')}
                  />
                </>
              )}
            </div>
          </section>
          {mine.answer && <ScoreView task={data} answer={mine.answer} />}
          {mine.answer && <CommentsThread answerId={mine.answer.id} />}
        </div>
        <aside className={styles.side} aria-label={t('task.student.yourAnswer')}>
          <section className="card">
            <div className="card-body">
              <TaskWindow task={data} />
              <MyAnswer task={data} mine={mine} />
            </div>
          </section>
        </aside>
      </div>
    </article>
  );
}

function MyAnswer({ task, mine }: { task: Task; mine: ReturnType<typeof useTaskAnswer> }) {
  const { t } = useTranslation();
  const dates = useDates();
  const now = useNow({ until: task.end_at });
  if (mine.isLoading) return <Spinner label={t('task.student.loadingAnswer')} />;
  if (mine.error) {
    return (
      <div role="alert">
        <p>{notificationFor(mine.error, t('task.student.answerLoadFailed')).text}</p>
        <button type="button" className="button small" onClick={mine.refetch}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  if (task.tasks_type === 'GROUP' && !mine.group) return <p className="muted">{t('task.student.noGroup')}</p>;
  const answer: TaskAnswer | null = mine.answer;
  const state = answerState(answer);
  const editable = mayEdit(task, answer, now);
  return (
    <div className={styles.mine}>
      <h2 className="section-title">{t('task.student.yourAnswer')}</h2>
      {mine.group && <p className="small">{t('task.student.groupName', { name: mine.group.name })}</p>}
      <p>
        <AnswerStateBadge state={state} />
      </p>
      {answer?.sent_at && answer.is_sent && (
        <p className="muted small">
          {answer.is_late
            ? t('task.student.answer.sentLate', { time: dates.dateTime(answer.sent_at) })
            : t('task.student.answer.sentAt', { time: dates.dateTime(answer.sent_at) })}
        </p>
      )}
      {state === 'changes_requested' && answer?.comment && <ChangeRequest comment={answer.comment} />}
      {task.file_required && editable && <p className="muted small">{t('task.student.files.required')}</p>}
      <p className="row-actions">
        {(editable || answer || task.tasks_type === 'GROUP') && (
          <Link className={editable ? 'button button-primary' : 'button'} to={answerPath(task)}>
            {task.tasks_type === 'GROUP'
              ? t('task.student.openGroup')
              : !editable
                ? t('task.student.viewAnswer')
                : answer
                  ? t('task.student.continue')
                  : t('task.student.start')}
          </Link>
        )}
      </p>
    </div>
  );
}
