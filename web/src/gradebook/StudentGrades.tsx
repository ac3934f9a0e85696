import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../layout/Spinner';
import { useGradebookQuery } from './gradebookApi';
import { reasonOf, statusOf } from './errors';
import { useColumnTitle } from './columnTitle';
import { scoreText } from './rules';
import styles from './StudentGrades.module.css';

/**
 * A student's own grades in a course (on the course page; the lecturer's grid is theirs alone): each
 * gradeable with its weight and the student's score, the final score and its band — once the
 * lecturer has published the gradebook (the course's `gradebook_publish`). Until then it is not
 * asked for (the service would answer 404) and this says so.
 */
export function StudentGrades({ courseId, published }: { courseId: string; published: boolean }) {
  const { t } = useTranslation();
  const titleOf = useColumnTitle();
  const titleId = useId();
  const gradebook = useGradebookQuery({ courseId }, { skip: !published });
  const row = gradebook.data?.rows[0];

  let body;
  if (gradebook.isLoading) body = <Spinner label={t('gradebook.student.loading')} />;
  // hidden since the course was read: the service answers 404
  else if (!published || (gradebook.isError && statusOf(gradebook.error) === 404))
    body = (
      <p className="muted" data-testid="grades-unpublished">
        {t('gradebook.student.unpublished')}
      </p>
    );
  else if (gradebook.isError || !gradebook.data)
    body = (
      <div role="alert">
        <p className="muted">{reasonOf(gradebook.error, t('gradebook.student.loadFailed'))}</p>
        <button type="button" className="button small" onClick={() => void gradebook.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  else if (!row) body = <p className="muted">{t('gradebook.student.noRow')}</p>;
  else {
    const weighted = gradebook.data.meta.columns.filter((column) => column.percentage > 0);
    body = (
      <>
        <dl className={styles.result}>
          <div>
            <dt>{t('gradebook.grid.final')}</dt>
            <dd data-testid="my-final-score">{scoreText(row.final_score)}</dd>
          </div>
          <div>
            <dt>{t('gradebook.grid.band')}</dt>
            <dd data-testid="my-band">{row.index ?? '—'}</dd>
          </div>
        </dl>
        <table className={`data-table ${styles.table}`}>
          <caption className="sr-only">{t('gradebook.student.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('gradebook.weights.gradeable')}</th>
              <th scope="col" className={styles.number}>
                {t('gradebook.weights.percentage')}
              </th>
              <th scope="col" className={styles.number}>
                {t('gradebook.student.score')}
              </th>
            </tr>
          </thead>
          <tbody>
            {weighted.map((column) => (
              <tr key={column.key}>
                <th scope="row">{titleOf(column)}</th>
                <td className={styles.number}>{column.percentage} %</td>
                <td className={styles.number}>{scoreText(row.scores[column.key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted small">{t('gradebook.student.missingCounts')}</p>
      </>
    );
  }

  return (
    <section className="card card-body" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('gradebook.student.title')}
      </h2>
      {body}
    </section>
  );
}
