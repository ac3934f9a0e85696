import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { parseDate, useDates } from '../lib/dates';
import { useNow } from '../lib/serverClock';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { useFormsQuery } from './formsApi';
import type { Form } from './formTypes';
import styles from './forms.module.css';

export const formPath = (id: string) => `/forms/${encodeURIComponent(id)}`;
export const formBookPath = (id: string) => `/gradebook/${encodeURIComponent(id)}`;

/** Whether a student's form takes entries now and whether today's (this month's) is written. */
function stateOf(form: Form, now: number): 'answered' | 'toWrite' | 'closed' {
  if (form.is_answered) return 'answered';
  const end = parseDate(form.end_at);
  return end !== null && end.getTime() < now ? 'closed' : 'toWrite';
}

/**
 * `/forms`: the logbooks of the caller's courses, newest change first — for a student with the
 * state of today's entry, for the staff with the number of entries and the way to the editor.
 */
export default function FormsPage() {
  const { t } = useTranslation();
  const dates = useDates();
  const me = useMeQuery();
  const forms = useFormsQuery({ sort: '-updated_at', limit: 0 });
  const staff = me.data !== undefined && me.data.role !== 'student';
  const now = useNow({ every: 60_000 });
  return (
    <section aria-labelledby="forms-title">
      <header className="page-header">
        <div>
          <h1 id="forms-title">{t('routes.forms')}</h1>
          <p className="muted">{t('forms.intro')}</p>
        </div>
        {staff ? (
          <Link className="button primary" to="/forms/new">
            {t('forms.newForm')}
          </Link>
        ) : null}
      </header>
      {forms.isLoading ? (
        <Spinner label={t('forms.loading')} />
      ) : forms.isError ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(forms.error, t('forms.loadFailed')).text}</p>
          <button type="button" className="button" onClick={() => void forms.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : (forms.data?.items.length ?? 0) === 0 ? (
        <p className="muted empty-state">{t('forms.empty')}</p>
      ) : (
        <ul className="plain-list" aria-labelledby="forms-title">
          {forms.data!.items.map((form) => {
            const state = stateOf(form, now);
            return (
              <li key={form.id} className={`list-row ${styles.row}`}>
                <div className={styles.main}>
                  <Link className={styles.title} to={formPath(form.id)}>
                    {form.title}
                  </Link>
                  <span className="muted small">
                    {t('forms.where', { course: form.course_name, place: form.formable_name })}
                    {' · '}
                    {form.forms_type === 'daily' ? t('forms.daily') : t('forms.monthly')}
                    {' · '}
                    {t('forms.window', {
                      from: dates.dateTime(form.start_at),
                      to: dates.dateTime(form.end_at),
                    })}
                  </span>
                </div>
                {form.can_edit ? (
                  <Link to={formBookPath(form.id)}>{t('forms.entries', { count: form.answers_count })}</Link>
                ) : (
                  <span className={`${styles.badge} ${state === 'answered' ? styles.done : styles.todo}`}>
                    {t(`forms.${state}`)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
