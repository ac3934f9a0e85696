import { useTranslation } from 'react-i18next';
import { useDates } from '../../lib/dates';
import { chosenLevels } from './taskState';
import type { Task, TaskAnswer } from '../taskTypes';
import styles from './student.module.css';

/**
 * The score of the answer when the task shows scores (the server leaves it out otherwise), passed
 * or not against the task's passing grade, and the rubric level chosen for each criterion. On a
 * group task the student's own score is their member score (the task's `my_answer`, the group
 * score mixed with the peer ratings: docs/task-scoring.md), the group's score under it.
 */
export function ScoreView({ task, answer }: { task: Task; answer: TaskAnswer }) {
  const { t } = useTranslation();
  const dates = useDates();
  if (answer.score === null || answer.score === undefined) return null;
  const group = task.tasks_type === 'GROUP';
  const score = group ? (task.meta.my_answer?.score ?? answer.score) : answer.score;
  const levels = task.assesment_method === 'rubric' ? chosenLevels(task.rubric, answer.rubrics) : [];
  const passed = task.passing_grade === null ? null : score >= task.passing_grade;
  return (
    <section className="card" aria-labelledby="task-score-title">
      <div className="card-body">
        <h2 id="task-score-title" className="section-title">
          {t('task.student.score.title')}
        </h2>
        <p className={styles.scoreValue} data-testid="task-score">
          {t('task.student.score.value', { score })}
        </p>
        {group && (
          <p className="muted small" data-testid="group-score">
            {t('task.student.score.groupScore', { score: answer.score })}
          </p>
        )}
        {passed !== null && (
          <p>
            <span className={passed ? 'badge' : 'badge badge-warning'}>
              {passed ? t('task.student.score.passed') : t('task.student.score.notPassed')}
            </span>{' '}
            <span className="muted small">
              {t('task.student.score.passingGrade', { grade: task.passing_grade })}
            </span>
          </p>
        )}
        {answer.scored_at && (
          <p className="muted small">
            {t('task.student.score.scoredAt', { time: dates.dateTime(answer.scored_at) })}
          </p>
        )}
        {levels.length > 0 && (
          // a scroll box of its own: four columns are wider than a phone in some languages
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="score-rubric-caption">
            <table className="data-table">
              <caption id="score-rubric-caption" className="sr-only">
                {t('task.student.score.rubric')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('task.student.score.criterion')}</th>
                  <th scope="col">{t('task.student.score.weight')}</th>
                  <th scope="col">{t('task.student.score.level')}</th>
                  <th scope="col">{t('task.student.score.points')}</th>
                </tr>
              </thead>
              <tbody>
                {levels.map((row) => (
                  <tr key={row.criterion}>
                    <th scope="row">{row.criterion}</th>
                    <td>{row.weight} %</td>
                    <td>{row.level ?? '–'}</td>
                    <td>{row.point ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
