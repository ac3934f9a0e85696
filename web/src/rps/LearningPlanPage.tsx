import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useCourseQuery } from '../courses/coursesApi';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { InputField } from '../layout/InputField';
import { QueryState } from '../layout/QueryState';
import { notificationFor } from '../notifications/notification';
import {
  type CoursePlan,
  useActiveCoursePlanQuery,
  useAddCoursePlanStageMutation,
  useCoursePlanStagesQuery,
  useCreateCoursePlanMutation,
  useDeleteCoursePlanStageMutation,
  useProposedSemesterQuery,
} from './coursePlansApi';
import styles from './rps.module.css';

/** The plan's stages as a table; in the editor each with its remove button. */
function StagesTable({ plan, editing }: { plan: CoursePlan; editing: boolean }) {
  const { t } = useTranslation();
  const stages = useCoursePlanStagesQuery(plan.id);
  const [remove] = useDeleteCoursePlanStageMutation();
  const outputs = new Map(plan.outputs.map((output) => [output.id, output.description]));
  return (
    <QueryState
      query={stages}
      loading={t('rps.learning.loading')}
      failed={t('rps.learning.failed')}
      empty={stages.data?.length === 0 ? t('rps.learning.noStages') : null}
    >
      {() => (
        <div className={styles.tableScroll}>
          <table className="data-table">
            <caption className="sr-only">{t('rps.learning.stages')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rps.learning.meeting')}</th>
                <th scope="col">{t('rps.learning.topic')}</th>
                <th scope="col">{t('rps.learning.output')}</th>
                {editing && <th scope="col">{t('rps.learning.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {stages.data!.map((stage) => (
                <tr key={stage.id}>
                  <th scope="row">{stage.index + 1}</th>
                  <td>{stage.topic}</td>
                  <td>
                    {stage.course_plan_output_id === null ? '—' : outputs.get(stage.course_plan_output_id)}
                  </td>
                  {editing && (
                    <td>
                      <ConfirmButton
                        className="button small button-danger"
                        label={t('rps.learning.removeNamed', { topic: stage.topic })}
                        question={t('rps.learning.removeQuestion', { topic: stage.topic })}
                        details={t('rps.learning.removeDetails')}
                        action={t('rps.learning.remove')}
                        onConfirm={() => void remove({ id: stage.id, planId: plan.id, topic: stage.topic })}
                      >
                        {t('rps.learning.remove')}
                      </ConfirmButton>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );
}

/** The editor's additions: a meeting by its topic, or the proposed semester's meetings at once. */
function AddStages({ plan }: { plan: CoursePlan }) {
  const { t } = useTranslation();
  const [topic, setTopic] = useState('');
  const [add, adding] = useAddCoursePlanStageMutation();
  const [proposing, setProposing] = useState(false);
  const proposal = useProposedSemesterQuery(plan.id, { skip: !proposing });
  return (
    <div className={styles.layout}>
      <form
        className={`card card-body ${styles.panel}`}
        onSubmit={(event) => {
          event.preventDefault();
          void add({ planId: plan.id, topic: topic.trim() }).then((result) => {
            if ('data' in result) setTopic('');
          });
        }}
      >
        <InputField
          id="stage-topic"
          label={t('rps.learning.topic')}
          value={topic}
          onChange={setTopic}
          required
        />
        <button type="submit" className="button button-primary" disabled={adding.isLoading || !topic.trim()}>
          {t('rps.learning.add')}
        </button>
        {adding.error !== undefined && (
          <p role="alert" className="alert alert-warning">
            {notificationFor(adding.error, t('common.tryAgainLater')).text}
          </p>
        )}
      </form>
      <section className={`card card-body ${styles.panel}`} aria-labelledby="proposal-title">
        <h2 id="proposal-title" className="section-title">
          {t('rps.learning.proposal')}
        </h2>
        <p className="muted small">{t('rps.learning.proposalHelp')}</p>
        {!proposing ? (
          <button type="button" className="button" onClick={() => setProposing(true)}>
            {t('rps.learning.propose')}
          </button>
        ) : (
          <QueryState
            query={proposal}
            loading={t('rps.learning.loading')}
            failed={t('rps.learning.failed')}
            empty={null}
          >
            {() => (
              <>
                <ol>
                  {proposal.data!.map((stage) => (
                    <li key={stage.id}>{stage.topic}</li>
                  ))}
                </ol>
                <button
                  type="button"
                  className="button"
                  disabled={adding.isLoading}
                  onClick={async () => {
                    for (const stage of proposal.data!)
                      await add({
                        planId: plan.id,
                        topic: stage.topic,
                        outputId: stage.course_plan_output_id,
                      });
                    setProposing(false);
                  }}
                >
                  {t('rps.learning.addAll')}
                </button>
              </>
            )}
          </QueryState>
        )}
      </section>
    </div>
  );
}

/**
 * `/courses/{id}/learning-plan` and `/edit`: the course plan in force for the course's code (spec
 * 03 §7 "Course plans") with its meetings; the editor adds meetings (index: the count so far),
 * removes them, or takes the proposed semester. Without a plan yet, the editor starts one.
 */
export default function LearningPlanPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const editing = useLocation().pathname.endsWith('/learning-plan/edit');
  const course = useCourseQuery(id);
  const code = course.data?.code ?? '';
  const plan = useActiveCoursePlanQuery(code, { skip: !code });
  const [create, creating] = useCreateCoursePlanMutation();
  const missing = (plan.error as { status?: unknown } | undefined)?.status === 404;
  const title = t(editing ? 'routes.courseLearningPlanEdit' : 'routes.courseLearningPlan');
  return (
    <section aria-labelledby="learning-plan-title" className={styles.panel}>
      <header className="page-header">
        <h1 id="learning-plan-title">{title}</h1>
        {course.data && (
          <p className="muted">
            {course.data.code} · {course.data.name}
          </p>
        )}
        {!editing && (
          <Link className="button" to={`/courses/${encodeURIComponent(id)}/learning-plan/edit`}>
            {t('routes.courseLearningPlanEdit')}
          </Link>
        )}
      </header>
      {missing ? (
        <div className="empty-state">
          <p className="muted">{t('rps.learning.none')}</p>
          {editing && course.data?.period_id && (
            <button
              type="button"
              className="button button-primary"
              disabled={creating.isLoading}
              onClick={() =>
                void create({ code, periodId: Number(course.data!.period_id), name: course.data!.name })
              }
            >
              {t('rps.learning.create')}
            </button>
          )}
        </div>
      ) : (
        <QueryState
          query={plan.isUninitialized ? course : plan}
          loading={t('rps.learning.loading')}
          failed={t('rps.learning.failed')}
          empty={null}
        >
          {() =>
            plan.data ? (
              <>
                <p>
                  {plan.data.name_ina}
                  {plan.data.name_en ? ` · ${plan.data.name_en}` : ''} ·{' '}
                  {t('rps.learning.version', { version: plan.data.version, credit: plan.data.credit })}
                </p>
                <StagesTable plan={plan.data} editing={editing} />
                {editing && <AddStages plan={plan.data} />}
              </>
            ) : null
          }
        </QueryState>
      )}
    </section>
  );
}
