import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { Spinner } from '../../layout/Spinner';
import { cx } from '../../lib/classNames';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import {
  type CourseRequest,
  useMyCourseRequestsQuery,
  useWithdrawCourseRequestMutation,
} from './courseRequestsApi';
import { requestPeriod } from './requests';
import styles from './requests.module.css';

const BADGES: Record<CourseRequest['state'], string> = {
  pending: 'badge badge-warning',
  approved: 'badge',
  rejected: 'badge badge-muted',
  withdrawn: 'badge badge-muted',
};

/** The lecturer's course requests, newest first: where each stands, the operator's reason, withdraw. */
export function MyCourseRequests() {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const requests = useMyCourseRequestsQuery();
  const [withdraw, withdrawing] = useWithdrawCourseRequestMutation();
  const items = requests.data ?? [];
  return (
    <section className="card card-body" aria-labelledby="my-requests-title">
      <h2 id="my-requests-title" className="section-title">
        {t('courseRequests.mineTitle')}
      </h2>
      {requests.isLoading ? (
        <Spinner label={t('courseRequests.loading')} />
      ) : requests.isError ? (
        <div role="alert">
          <p>{notificationFor(requests.error, t('courseRequests.loadFailed')).text}</p>
          <button type="button" className="button" onClick={() => void requests.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="muted">{t('courseRequests.none')}</p>
      ) : (
        <ul className="plain-list">
          {items.map((request) => (
            <li key={request.id} className={cx('list-row', styles.request)}>
              <div className={styles.facts}>
                <p>
                  <strong>{request.code}</strong> {request.name}{' '}
                  <span className={BADGES[request.state]}>{t(`courseRequests.state.${request.state}`)}</span>
                </p>
                <p className="muted small">
                  {[
                    requestPeriod(t, request),
                    request.faculty_name,
                    request.classes.length > 0 &&
                      t('courseRequests.classList', { classes: request.classes.join(', ') }),
                    t('courseRequests.requestedAt', { when: dateTime(request.created_at) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {request.state === 'rejected' && request.reason && (
                  <p className={styles.reason}>{t('courseRequests.reason', { reason: request.reason })}</p>
                )}
              </div>
              {request.state === 'approved' && request.course_id !== null && (
                <Link className="button small" to={`/courses/${request.course_id}`}>
                  {t('courseRequests.openCourse')}
                </Link>
              )}
              {request.state === 'pending' && (
                <ConfirmButton
                  className="button small"
                  question={t('courseRequests.withdrawQuestion', { name: request.name })}
                  details={t('courseRequests.withdrawDetails')}
                  action={t('courseRequests.withdraw')}
                  label={t('courseRequests.withdrawNamed', { name: request.name })}
                  disabled={withdrawing.isLoading}
                  onConfirm={() => void withdraw(request.id)}
                >
                  {t('courseRequests.withdraw')}
                </ConfirmButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
