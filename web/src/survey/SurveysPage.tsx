import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { Icon } from '../layout/Icon';
import { QueryState } from '../layout/QueryState';
import styles from './survey.module.css';
import { useCourseSurveysQuery, type CourseSurvey } from './surveyApi';

/** Whether the caller writes surveys: the campus's lecturers and administrators. */
export function useSurveyStaff() {
  const me = useMeQuery();
  return me.data?.role === 'lecturer' || me.data?.role === 'admin';
}

/**
 * `/survey`: the caller's course surveys — a student's open or answered ones with "Answer" where
 * due, the staff's with their response counts and "New survey".
 */
export default function SurveysPage() {
  const { t } = useTranslation();
  const staff = useSurveyStaff();
  const surveys = useCourseSurveysQuery();
  return (
    <section aria-labelledby="surveys-title">
      <header className="page-header">
        <div>
          <h1 id="surveys-title">{t('routes.surveys')}</h1>
          <p className="muted">{staff ? t('survey.list.staffIntro') : t('survey.list.intro')}</p>
        </div>
        {staff && (
          <Link className="button button-primary" to="/survey/new">
            <Icon name="plus" /> {t('survey.list.new')}
          </Link>
        )}
      </header>
      <QueryState
        query={surveys}
        loading={t('survey.list.loading')}
        failed={t('survey.list.failed')}
        empty={surveys.data?.length === 0 ? t('survey.list.empty') : null}
      >
        {() => (
          <ul className="plain-list" aria-label={t('survey.list.label')}>
            {surveys.data!.map((item) => (
              <SurveyRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function SurveyRow({ item }: { item: CourseSurvey }) {
  const { t } = useTranslation();
  const due = item.is_open && !item.answered && item.responses === null;
  return (
    <li className={`card card-body ${styles.item}`}>
      <div className={styles.main}>
        <Link className={styles.name} to={`/survey/${item.id}`}>
          {item.name}
        </Link>
        <span className="muted small">{item.course_name}</span>
      </div>
      <span className={item.is_open ? 'badge' : 'badge badge-muted'}>
        {item.is_open ? t('survey.list.open') : t('survey.list.closed')}
      </span>
      {item.responses !== null ? (
        <span className="small">
          {t('survey.list.responses', { responses: item.responses, students: item.students })}
        </span>
      ) : (
        <span className={item.answered ? 'badge' : 'badge badge-warning'}>
          {item.answered ? t('survey.list.answered') : t('survey.list.notAnswered')}
        </span>
      )}
      {due && (
        <Link
          className="button button-primary small"
          to={`/survey/${item.id}/take`}
          aria-label={`${t('survey.list.answer')}: ${item.name}`}
        >
          {t('survey.list.answer')}
        </Link>
      )}
    </li>
  );
}
