import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { ChartGrid, KeyFigures } from '../../lib/charts/Charts';
import { RichText } from '../../lib/richtext/RichText';
import { notificationFor } from '../../notifications/notification';
import { useRestoreTaskMutation, useTaskStatisticsQuery } from '../api';
import type { Task } from '../taskTypes';
import { GroupsPanel } from './GroupsPanel';
import { StateChart, TaskScoreHistogram } from './TaskCharts';
import { TaskHeader } from './TaskHeader';
import styles from './staff.module.css';

/**
 * `/assignment/{id}` for the task's staff: what the task asks and how it is scored, how far the
 * students are (counts and a chart from `GET /stats/task/{id}`), the scores' distribution, and for a
 * group task its groups.
 */
export default function StaffTaskPage() {
  const { id = '' } = useParams();
  return <TaskHeader id={id}>{(task) => <Overview task={task} />}</TaskHeader>;
}

function Overview({ task }: { task: Task }) {
  const { t } = useTranslation();
  const statistics = useTaskStatisticsQuery(task.id);
  const [restore, restoring] = useRestoreTaskMutation();
  const stats = statistics.data;
  const decimal = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : String(Math.round(value * 100) / 100);
  return (
    <>
      {task.deleted_at && (
        <div className="alert alert-warning" role="status">
          <p>{t('task.staff.detail.deleted')}</p>
          <button
            type="button"
            className="button"
            disabled={restoring.isLoading}
            onClick={() => void restore({ id: task.id })}
          >
            {t('task.staff.detail.restore')}
          </button>
        </div>
      )}
      <section className="card card-body" aria-labelledby="task-about">
        <h2 id="task-about" className="section-title">
          {t('task.staff.detail.about')}
        </h2>
        <dl className={styles.facts}>
          <dt>{t('task.staff.editor.type')}</dt>
          <dd>{t(`task.staff.editor.types.${task.tasks_type}`)}</dd>
          <dt>{t('task.staff.editor.method')}</dt>
          <dd>{t(`task.staff.editor.methods.${task.assesment_method}`)}</dd>
          <dt>{t('task.staff.editor.passingGrade')}</dt>
          <dd>{task.passing_grade}</dd>
          <dt>{t('task.staff.editor.classes')}</dt>
          <dd>
            {task.all_class
              ? t('task.staff.detail.allClasses')
              : (task.classes ?? []).map((item) => item.name ?? item.id).join(', ') || '–'}
          </dd>
          <dt>{t('task.staff.detail.visibility')}</dt>
          <dd>
            {task.is_active ? t('task.staff.detail.active') : t('task.staff.detail.inactive')}
            {' · '}
            {task.show_score ? t('task.staff.detail.scoresShown') : t('task.staff.detail.scoresHidden')}
          </dd>
          {task.tasks_type === 'GROUP' && task.lecturer_percentage !== null && (
            <>
              <dt>{t('task.staff.detail.shares')}</dt>
              <dd>
                {t('task.staff.detail.sharesValue', {
                  lecturer: task.lecturer_percentage,
                  students: task.student_percentage,
                })}
              </dd>
            </>
          )}
        </dl>
        {task.description && (
          <div className={styles.instructions}>
            <h3>{t('task.staff.detail.instructions')}</h3>
            <RichText html={task.description} />
          </div>
        )}
      </section>

      <h2 className="section-title">{t('task.staff.detail.progress')}</h2>
      {statistics.isLoading ? (
        <Spinner label={t('task.staff.detail.loadingStatistics')} />
      ) : !stats ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(statistics.error, t('task.staff.detail.statisticsFailed')).text}</p>
          <button type="button" className="button" onClick={() => void statistics.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : (
        <>
          <KeyFigures
            items={(
              [
                ['students', stats.students],
                ['sent', stats.sent],
                ['late', stats.late],
                ['draft', stats.draft],
                ['not_started', stats.not_started],
                ['scored', stats.scored],
                ['average', decimal(stats.average)],
                ['median', decimal(stats.median)],
                ['passed', stats.passed],
              ] as const
            ).map(([key, value]) => ({ key, label: t(`task.staff.figures.${key}`), value }))}
          />
          <ChartGrid>
            <StateChart statistics={stats} />
            <TaskScoreHistogram statistics={stats} passingGrade={Number(task.passing_grade) || 0} />
          </ChartGrid>
        </>
      )}
      <p className="row-actions">
        <Link className="button button-primary" to={`/assignment/${encodeURIComponent(task.id)}/submissions`}>
          {t('task.staff.detail.grade')}
        </Link>
      </p>
      {task.tasks_type === 'GROUP' && <GroupsPanel task={task} />}
    </>
  );
}
