import { useTranslation } from 'react-i18next';
import { useDates } from '../../lib/dates';
import { useAssistantRequestsQuery, useDecideRequestMutation } from './staffApi';
import styles from './AssistantRequests.module.css';

/** Invitations to assist a course, waiting for the invited lecturer to accept or reject them. */
export function AssistantRequests() {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const requests = useAssistantRequestsQuery();
  const [decide, state] = useDecideRequestMutation();
  const items = requests.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className={`card card-body ${styles.inbox}`} aria-labelledby="requests-title">
      <h2 id="requests-title" className="section-title">
        {t('staff.requestsTitle', { count: items.length })}
      </h2>
      <ul className="plain-list">
        {items.map((request) => (
          <li key={request.id} className="list-row">
            <span>
              {t('staff.requestText', {
                name: request.requester_name ?? '—',
                course: [request.course_code, request.course_name].filter(Boolean).join(' '),
              })}{' '}
              <span className="muted small">{dateTime(request.created_at)}</span>
            </span>
            <span className="row-actions">
              <button
                type="button"
                className="button small button-primary"
                disabled={state.isLoading}
                onClick={() => void decide({ id: request.id, action: 'accept' })}
              >
                {t('staff.accept')}
              </button>
              <button
                type="button"
                className="button small"
                disabled={state.isLoading}
                onClick={() => void decide({ id: request.id, action: 'reject' })}
              >
                {t('staff.reject')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
