import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useMeQuery } from '../../auth/authApi';
import { NOT_FOUND_PATH } from '../../auth/guard';
import { Spinner } from '../../layout/Spinner';
import { notificationFor } from '../../notifications/notification';
import { AnswerEditor } from './AnswerEditor';
import { AnswerStateBadge } from './AnswerStateBadge';
import { CommentsThread } from './CommentsThread';
import { PeerAssessment } from './PeerAssessment';
import { ScoreView } from './ScoreView';
import { TaskWindow } from './TaskWindow';
import { taskPath } from './StudentTaskList';
import { statusOf } from './errors';
import { useTaskQuery } from '../api';
import { answerState } from './taskState';
import { useTaskAnswer } from './useTaskAnswer';
import styles from './student.module.css';

/**
 * `/assignment/group/{id}` (the task's id): a group task as a member sees it — the group and its
 * members, the group's answer (the same editor; any member writes, saves and sends it), the peer
 * assessment while the lecturer keeps it open, and the comments on the group's answer.
 */
export default function GroupTaskPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const me = useMeQuery();
  const task = useTaskQuery(id);
  const mine = useTaskAnswer(task.data);

  if (task.isLoading || me.isLoading) return <Spinner label={t('task.student.loading')} />;
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
  if (data.tasks_type !== 'GROUP') return <Navigate to={taskPath(data)} replace />;
  const group = mine.group;
  return (
    <article className={styles.page} aria-labelledby="group-title">
      <header className="page-header">
        <div>
          <p className="muted small">{data.name}</p>
          <h1 id="group-title">{group ? group.name : t('routes.assignmentGroup')}</h1>
          {group && !mine.isLoading && <AnswerStateBadge state={answerState(mine.answer)} />}
        </div>
        <Link className="button" to={taskPath(data)}>
          {t('task.student.backToTask')}
        </Link>
      </header>
      {mine.isLoading ? (
        <Spinner label={t('task.student.loadingAnswer')} />
      ) : mine.error ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(mine.error, t('task.student.answerLoadFailed')).text}</p>
          <button type="button" className="button" onClick={mine.refetch}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : !group ? (
        <p className="empty-state">{t('task.student.noGroup')}</p>
      ) : (
        <div className={styles.columns}>
          <div className={styles.main}>
            <section aria-labelledby="group-answer-title">
              <h2 id="group-answer-title" className="section-title">
                {t('task.student.groupAnswer')}
              </h2>
              <AnswerEditor task={data} answer={mine.answer} groupId={group.id} />
            </section>
            {mine.answer && <ScoreView task={data} answer={mine.answer} />}
            <PeerAssessment
              task={data}
              answerId={mine.answer?.id ?? null}
              members={group.members}
              meUsername={me.data?.username ?? ''}
            />
            {mine.answer && <CommentsThread answerId={mine.answer.id} />}
          </div>
          <aside className={styles.side} aria-labelledby="group-members-title">
            <div className="card">
              <div className="card-body">
                <TaskWindow task={data} />
                <h2 id="group-members-title" className="section-title">
                  {t('task.student.members')}
                </h2>
                <ul className="plain-list" data-testid="group-members">
                  {group.members.map((member) => (
                    <li key={member.id} className={styles.member}>
                      <span>
                        {member.name}
                        {member.username === me.data?.username && (
                          <span className="muted small"> ({t('task.student.you')})</span>
                        )}
                      </span>
                      <span className="muted small">@{member.username}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </aside>
        </div>
      )}
    </article>
  );
}
