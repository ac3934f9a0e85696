import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../layout/Spinner';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useGroupAssessmentsQuery, useRubricTemplatesQuery } from '../api';
import { useRatePeerMutation } from './studentApi';
import type { GroupAssessment, GroupMember, Rubric, RubricChoice, RubricTemplate, Task } from '../taskTypes';
import { rubricScore } from './taskState';
import styles from './student.module.css';

/** The bundled Group Peer Review Evaluation's id among the rubric templates (spec 02 §3). */
export const PEER_REVIEW_TEMPLATE = 'bundled-peer-review';

/**
 * The bundled Group Peer Review Evaluation (spec 02 §3), as the client bundles it: five criteria
 * of equal weight on the levels 40/50/60/80/100 — used while the service's template is not listed.
 */
export const PEER_REVIEW: Rubric = {
  criteria: [
    'Attends the group’s meetings',
    'Contributes to the discussion',
    'Responds in the group’s communication',
    'Does their own part well',
    'Cooperates with the others',
  ].map((name) => ({
    name,
    description: null,
    weight: 20,
    levels: (
      [
        ['Strongly Disagree', 40],
        ['Disagree', 50],
        ['Neutral', 60],
        ['Agree', 80],
        ['Strongly Agree', 100],
      ] as const
    ).map(([level, point]) => ({ name: level, point, point_min: 0, point_max: 0, description: null })),
  })),
};

/**
 * The rubric members rate each other on, as the service scores the ratings: the task's own rubric,
 * else the bundled Group Peer Review Evaluation (the service's template of it when listed).
 */
export function peerRubric(task: Pick<Task, 'rubric'>, templates: RubricTemplate[] | undefined): Rubric {
  if (task.rubric?.criteria?.length) return task.rubric;
  const template = templates?.find((item) => item.id === PEER_REVIEW_TEMPLATE);
  return template?.rubric?.criteria?.length ? template.rubric : PEER_REVIEW;
}

/**
 * The peer assessment of a group task: while the lecturer keeps it open, the member rates every
 * other member of the group on each criterion of the peer review rubric (radio groups of the
 * levels and their points); the ratings they gave are shown, and can be changed while it is open.
 */
export function PeerAssessment({
  task,
  answerId,
  members,
  meUsername,
}: {
  task: Task;
  answerId: string | null;
  members: GroupMember[];
  meUsername: string;
}) {
  const { t } = useTranslation();
  const templates = useRubricTemplatesQuery(undefined, { skip: Boolean(task.rubric?.criteria?.length) });
  const ratings = useGroupAssessmentsQuery(answerId ?? '', { skip: !answerId });
  const others = members.filter((member) => member.username !== meUsername);
  const rubric = peerRubric(task, templates.data);

  return (
    <section aria-labelledby="peer-title" className={styles.peer}>
      <h2 id="peer-title" className="section-title">
        {t('task.student.peer.title')}
      </h2>
      {!task.is_assesment_open ? (
        <p className="muted">{t('task.student.peer.closed')}</p>
      ) : !answerId ? (
        <p className="muted">{t('task.student.peer.noAnswer')}</p>
      ) : others.length === 0 ? (
        <p className="muted">{t('task.student.peer.alone')}</p>
      ) : templates.isLoading || ratings.isLoading ? (
        <Spinner label={t('task.student.peer.loading')} />
      ) : (
        <>
          <p className="muted">{t('task.student.peer.intro')}</p>
          {others.map((member) => (
            <RateMember
              key={member.id}
              answerId={answerId}
              member={member}
              rubric={rubric}
              given={ratings.data?.find((rating) => String(rating.student_id) === String(member.id)) ?? null}
            />
          ))}
        </>
      )}
    </section>
  );
}

function RateMember({
  answerId,
  member,
  rubric,
  given,
}: {
  answerId: string;
  member: GroupMember;
  rubric: Rubric;
  given: GroupAssessment | null;
}) {
  const { t } = useTranslation();
  const [rate, state] = useRatePeerMutation();
  const [choices, setChoices] = useState<Array<RubricChoice | undefined>>(() =>
    rubric.criteria.map((_criterion, index) => given?.rubrics.find((choice) => choice.criterion === index)),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const score = rubricScore(rubric, choices);
  const base = `peer-${member.id}`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const missing = choices.findIndex((choice) => !choice);
    if (missing >= 0) {
      setFailure(t('task.student.peer.missing', { criterion: rubric.criteria[missing].name }));
      return;
    }
    setFailure(null);
    rate({ answerId, studentId: String(member.id), name: member.name, rubrics: choices as RubricChoice[] })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error, t('task.student.peer.failed')).text));
  };

  return (
    <form className={`card ${styles.rateCard}`} onSubmit={submit} aria-labelledby={`${base}-name`} noValidate>
      <div className="card-body">
        <h3 id={`${base}-name`} className={styles.memberName}>
          {member.name} <span className="muted small">@{member.username}</span>
        </h3>
        <p className="small" data-testid={`${base}-given`}>
          {given
            ? t('task.student.peer.given', { score: given.score ?? rubricScore(rubric, given.rubrics) })
            : t('task.student.peer.notGiven')}
        </p>
        {rubric.criteria.map((criterion, index) => (
          <fieldset key={criterion.name} className={styles.criterion}>
            <legend>
              {criterion.name}{' '}
              <span className="muted small">
                ({t('task.student.peer.weight', { weight: criterion.weight })})
              </span>
            </legend>
            {criterion.description && <p className="muted small">{criterion.description}</p>}
            <div className={styles.levels}>
              {criterion.levels.map((level, levelIndex) => {
                const id = `${base}-${index}-${levelIndex}`;
                return (
                  <label key={level.name} htmlFor={id} className={styles.level}>
                    <input
                      id={id}
                      type="radio"
                      name={`${base}-${index}`}
                      checked={choices[index]?.level === levelIndex}
                      onChange={() =>
                        setChoices((current) =>
                          current.map((choice, at) =>
                            at === index
                              ? { criterion: index, level: levelIndex, point: level.point }
                              : choice,
                          ),
                        )
                      }
                    />
                    <span>
                      {level.name} <span className="muted">({level.point})</span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
        <p className="small" aria-live="polite">
          {score === null ? t('task.student.peer.incomplete') : t('task.student.peer.preview', { score })}
        </p>
        <WarningAlert>{failure}</WarningAlert>
        <p className="row-actions">
          <button type="submit" className="button button-primary" disabled={state.isLoading}>
            {given
              ? t('task.student.peer.update', { name: member.name })
              : t('task.student.peer.submit', { name: member.name })}
          </button>
        </p>
      </div>
    </form>
  );
}
