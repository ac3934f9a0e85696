import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { InputField } from '../layout/InputField';
import { QueryState } from '../layout/QueryState';
import { SelectField } from '../layout/SelectField';
import { notificationFor } from '../notifications/notification';
import { PlanTable } from './PlanTable';
import { type Rps, useCloneRpsMutation, useCreateRpsMutation, useRpsListQuery } from './rpsApi';
import styles from './rps.module.css';

const previewOf = (courseId: string, plan: Rps) =>
  `/courses/${encodeURIComponent(courseId)}/rps/preview/${encodeURIComponent(plan.code)}/${encodeURIComponent(plan.curriculum)}`;

/** `/courses/{id}/rps`: the course's semester plans; a new one, or a copy of one of another period. */
export default function CourseRpsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const plans = useRpsListQuery({ courseId: id });
  const all = useRpsListQuery({});
  const [create, creating] = useCreateRpsMutation();
  const [clone, cloning] = useCloneRpsMutation();
  const [curriculum, setCurriculum] = useState('');
  const [source, setSource] = useState('');
  const sources = (all.data ?? []).filter((plan) => String(plan.course_id) !== id);
  const failure = creating.error ?? cloning.error;
  const opened = (result: { data: Rps } | { error: unknown }) => {
    if ('data' in result) void navigate(previewOf(id, result.data));
  };

  return (
    <section aria-labelledby="course-rps-title">
      <header className="page-header">
        <h1 id="course-rps-title">{t('routes.courseRps')}</h1>
        <p className="muted">{t('rps.course.intro')}</p>
      </header>
      <QueryState
        query={plans}
        loading={t('rps.list.loading')}
        failed={t('rps.list.failed')}
        empty={plans.data?.length === 0 ? t('rps.list.empty') : null}
      >
        {() => <PlanTable plans={plans.data!} />}
      </QueryState>
      {failure !== undefined && (
        <p role="alert" className="alert alert-warning">
          {notificationFor(failure, t('common.tryAgainLater')).text}
        </p>
      )}
      <div className={styles.layout}>
        <form
          className={`card card-body ${styles.panel}`}
          aria-labelledby="rps-create"
          onSubmit={(event) => {
            event.preventDefault();
            void create({ courseId: id, curriculum: curriculum.trim() }).then(opened);
          }}
        >
          <h2 id="rps-create" className="section-title">
            {t('rps.course.create')}
          </h2>
          <InputField
            id="rps-curriculum"
            label={t('rps.course.curriculum')}
            value={curriculum}
            onChange={setCurriculum}
            required
            maxLength={50}
          />
          <button
            type="submit"
            className="button button-primary"
            disabled={creating.isLoading || !curriculum.trim()}
          >
            {t('rps.course.createButton')}
          </button>
        </form>
        <form
          className={`card card-body ${styles.panel}`}
          aria-labelledby="rps-clone"
          onSubmit={(event) => {
            event.preventDefault();
            void clone({ sourceId: source, courseId: id }).then(opened);
          }}
        >
          <h2 id="rps-clone" className="section-title">
            {t('rps.course.clone')}
          </h2>
          {sources.length === 0 ? (
            <p className="muted">{t('rps.course.noSources')}</p>
          ) : (
            <>
              <SelectField
                id="rps-source"
                label={t('rps.course.source')}
                value={source}
                onChange={setSource}
                required
              >
                <option value="">{t('rps.course.chooseSource')}</option>
                {sources.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.code} · {plan.curriculum} · {plan.period_name ?? plan.course_name}
                  </option>
                ))}
              </SelectField>
              <button type="submit" className="button" disabled={cloning.isLoading || !source}>
                {t('rps.course.cloneButton')}
              </button>
            </>
          )}
        </form>
      </div>
    </section>
  );
}
