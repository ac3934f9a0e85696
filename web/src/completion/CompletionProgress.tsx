import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../layout/Spinner';
import { useMyCompletionsQuery } from './completionApi';
import styles from './completion.module.css';

/** A student's progress in a course that tracks completion, on its page: "7 of 12 done". */
export function CompletionProgress({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const mine = useMyCompletionsQuery(courseId);
  const progress = mine.data?.progress;

  let body;
  if (mine.isLoading) body = <Spinner label={t('completion.loadingMine')} />;
  else if (mine.isError || !progress)
    body = (
      <div role="alert">
        <p className="muted">{t('completion.mineFailed')}</p>
        <button type="button" className="button small" onClick={() => void mine.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  else if (progress.required === 0) body = <p className="muted">{t('completion.nothingCounts')}</p>;
  else
    body = (
      <>
        <p className={styles.progressText} data-testid="my-progress">
          {t('completion.progress', { completed: progress.completed, required: progress.required })}
        </p>
        <progress
          className={styles.bar}
          max={progress.required}
          value={progress.completed}
          aria-labelledby={titleId}
          aria-valuetext={t('completion.percent', { value: progress.percentage })}
        />
        <p className="muted small">{t('completion.percent', { value: progress.percentage })}</p>
      </>
    );

  return (
    <section className="card card-body" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('completion.mine')}
      </h2>
      {body}
    </section>
  );
}
