import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDates } from '../lib/dates';
import { notificationFor } from '../notifications/notification';
import { type Rps, useDecideRpsMutation, useDownloadRpsPdfMutation, useSubmitRpsMutation } from './rpsApi';
import styles from './rps.module.css';

/** The approver's comment on a plan returned for revision. */
export function ReviewComment({ plan }: { plan: Rps }) {
  const { t } = useTranslation();
  if (!plan.review_comment) return null;
  return (
    <div className="alert alert-warning">
      <strong>{t('rps.plan.reviewComment')}</strong>
      <p>{plan.review_comment}</p>
    </div>
  );
}

/**
 * What can be done with the plan now: its authors submit it (while editable), an approver who does
 * not teach the course approves it or returns it with a comment (while submitted); the PDF.
 */
export function ApprovalPanel({ plan }: { plan: Rps }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const [submit, submitting] = useSubmitRpsMutation();
  const [decide, deciding] = useDecideRpsMutation();
  const [download, downloading] = useDownloadRpsPdfMutation();
  const [comment, setComment] = useState('');
  const failure = submitting.error ?? deciding.error;

  return (
    <section aria-labelledby="rps-actions" className={`card card-body ${styles.panel}`}>
      <h2 id="rps-actions" className="section-title">
        {t(`rps.status.${plan.status}`)}
      </h2>
      <p className="muted small">
        {t('rps.plan.window', { start: dateTime(plan.rps_start), end: dateTime(plan.rps_end) })}
      </p>
      <ReviewComment plan={plan} />
      {failure !== undefined && (
        <p role="alert" className="alert alert-warning">
          {notificationFor(failure, t('common.tryAgainLater')).text}
        </p>
      )}
      {plan.can_edit && (
        <div className={styles.actions}>
          <button
            type="button"
            className="button button-primary"
            disabled={submitting.isLoading}
            onClick={() => void submit({ id: plan.id })}
          >
            {t('rps.plan.submit')}
          </button>
          <p className="muted small">{t('rps.plan.submitHelp')}</p>
        </div>
      )}
      {plan.can_decide && (
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={deciding.isLoading}
            onClick={() => void decide({ id: plan.id, decision: 'approve' })}
          >
            {t('rps.plan.approve')}
          </button>
          <form
            className={styles.panel}
            aria-labelledby="rps-return"
            onSubmit={(event) => {
              event.preventDefault();
              void decide({ id: plan.id, decision: 'return', comment }).then((result) => {
                if ('data' in result) setComment('');
              });
            }}
          >
            <h3 id="rps-return" className="section-title">
              {t('rps.plan.returnTitle')}
            </h3>
            <div className="field">
              <label htmlFor="rps-comment">{t('rps.plan.comment')}</label>
              <textarea
                id="rps-comment"
                rows={3}
                required
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
            </div>
            <button type="submit" className="button" disabled={deciding.isLoading || !comment.trim()}>
              {t('rps.plan.returnButton')}
            </button>
          </form>
        </>
      )}
      <button
        type="button"
        className="button"
        disabled={downloading.isLoading}
        onClick={() => void download(plan)}
      >
        {t('rps.plan.pdf')}
      </button>
    </section>
  );
}
