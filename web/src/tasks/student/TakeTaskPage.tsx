import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../../auth/guard';
import { Spinner } from '../../layout/Spinner';
import { RichText } from '../../lib/richtext/RichText';
import { notificationFor } from '../../notifications/notification';
import { AnswerEditor } from './AnswerEditor';
import { AnswerStateBadge } from './AnswerStateBadge';
import { FileList } from './FileList';
import { ScoreView } from './ScoreView';
import { TaskWindow } from './TaskWindow';
import { answerPath } from './StudentTaskPage';
import { taskPath } from './StudentTaskList';
import { statusOf } from './errors';
import { useTaskQuery } from '../api';
import { answerState } from './taskState';
import { useTaskAnswer } from './useTaskAnswer';
import styles from './student.module.css';

/**
 * `/assignment/take/{id}`: a student writes their answer to a personal task — the instructions
 * beside the editor (draft saved as they type), the files, the send. A group task is answered on
 * the group's page.
 */
export default function TakeTaskPage() {
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
  if (data.tasks_type === 'GROUP') return <Navigate to={answerPath(data)} replace />;
  return (
    <article className={styles.page} aria-labelledby="take-title">
      <header className="page-header">
        <div>
          <h1 id="take-title">{data.name}</h1>
          {!mine.isLoading && <AnswerStateBadge state={answerState(mine.answer)} />}
        </div>
        <Link className="button" to={taskPath(data)}>
          {t('task.student.backToTask')}
        </Link>
      </header>
      <div className={styles.columns}>
        <section className={styles.main} aria-labelledby="take-answer-title">
          <h2 id="take-answer-title" className="section-title">
            {t('task.student.yourAnswer')}
          </h2>
          {mine.isLoading ? (
            <Spinner label={t('task.student.loadingAnswer')} />
          ) : mine.error ? (
            <div className="page-message" role="alert">
              <p>{notificationFor(mine.error, t('task.student.answerLoadFailed')).text}</p>
              <button type="button" className="button" onClick={mine.refetch}>
                {t('common.tryAgain')}
              </button>
            </div>
          ) : (
            <>
              <AnswerEditor task={data} answer={mine.answer} />
              {mine.answer && <ScoreView task={data} answer={mine.answer} />}
            </>
          )}
        </section>
        <aside className={styles.side} aria-labelledby="take-task-title">
          <div className="card">
            <div className="card-body">
              <h2 id="take-task-title" className="section-title">
                {t('task.student.instructions')}
              </h2>
              <TaskWindow task={data} />
              {data.description ? (
                <RichText html={data.description} />
              ) : (
                <p className="muted">{t('task.student.noInstructions')}</p>
              )}
              <FileList
                files={data.files}
                base={`course/tasks/${encodeURIComponent(data.id)}/files`}
                label={t('task.student.files.attachments')}
              />
            </div>
          </div>
        </aside>
      </div>
    </article>
  );
}
