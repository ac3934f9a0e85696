import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CourseLoadFailed } from '../../courses/CoursePage';
import { useCourseQuery, type Course } from '../../courses/coursesApi';
import { UnsavedProvider, useUnsavedFlag } from '../../courses/editor/unsaved';
import { activityName } from '../../courses/names';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { controlProps, SettingField, SettingProblem, settingRows } from '../../layout/SettingsForm';
import { Spinner } from '../../layout/Spinner';
import { WarningAlert } from '../../layout/WarningAlert';
import { RichTextEditor } from '../../lib/richtext/RichTextEditor';
import { notificationFor } from '../../notifications/notification';
import { useCreateTaskMutation, useDeleteTaskMutation, useUpdateTaskMutation } from '../api';
import type { Task, TaskableType } from '../taskTypes';
import { RubricBuilder } from './RubricBuilder';
import { TaskFiles } from './TaskFiles';
import { TaskHeader } from './TaskHeader';
import {
  attributesOf,
  changedAttributes,
  draftOf,
  newDraft,
  problemOf,
  taskProblems,
  type TaskDraft,
} from './taskForm';
import styles from './staff.module.css';

/**
 * `/assignment/new?course=…&taskable_type=…&taskable_id=…` and `/assignment/{id}/edit`: every
 * attribute of a task (spec 02 §3) in groups — general, window and submission, grading with the
 * rubric builder, group work with peer assessment, classes — each problem beside its field, then
 * its attachments and its deletion once it exists.
 */
export default function TaskEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  if (!id) return <NewTask />;
  return (
    <TaskHeader id={id} title={t('task.staff.page.edit')}>
      {(task) => <ExistingTask task={task} />}
    </TaskHeader>
  );
}

function NewTask() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = params.get('course') ?? '';
  const type = params.get('taskable_type') === 'activity' ? 'activity' : 'module';
  const course = useCourseQuery(courseId, { skip: !courseId });
  if (!courseId) {
    return (
      <div className="page-message" role="alert">
        <p>{t('task.staff.editor.chooseCourse')}</p>
        <Link className="button" to="/courses">
          {t('unavailable.toCourses')}
        </Link>
      </div>
    );
  }
  if (course.isLoading) return <Spinner label={t('course.loading')} />;
  if (!course.data) return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  const initial = newDraft({ type, id: params.get('taskable_id') ?? course.data.modules?.[0]?.id ?? '' });
  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <div>
          <p className="muted small">{course.data.name}</p>
          <h1 id="page-title">{t('routes.assignmentNew')}</h1>
        </div>
      </header>
      <UnsavedProvider>
        <TaskForm course={course.data} initial={initial} />
      </UnsavedProvider>
    </section>
  );
}

function ExistingTask({ task }: { task: Task }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const course = useCourseQuery(String(task.course_id));
  const [remove, removing] = useDeleteTaskMutation();
  const [failure, setFailure] = useState<string | null>(null);
  if (course.isLoading) return <Spinner label={t('course.loading')} />;
  if (!course.data) return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  return (
    <UnsavedProvider>
      <TaskForm key={task.updated_at} course={course.data} initial={draftOf(task)} task={task} />
      <section className={`card card-body ${styles.section}`} aria-labelledby="task-files-title">
        <h2 id="task-files-title" className="section-title">
          {t('task.staff.files.title')}
        </h2>
        <TaskFiles task={task} />
      </section>
      <section className={`card card-body ${styles.section}`} aria-labelledby="task-delete-title">
        <h2 id="task-delete-title" className="section-title">
          {t('task.staff.editor.deleteTitle')}
        </h2>
        <p className="muted small">{t('task.staff.editor.deleteHelp')}</p>
        <ConfirmButton
          className="button button-danger"
          disabled={removing.isLoading}
          question={t('task.staff.editor.deleteQuestion', { name: task.name })}
          details={t('task.staff.editor.deleteDetails')}
          action={t('task.staff.editor.delete')}
          onConfirm={() =>
            void remove({ id: task.id })
              .unwrap()
              .then(() => navigate(`/assignment?course=${encodeURIComponent(String(task.course_id))}`))
              .catch((error: unknown) => setFailure(notificationFor(error).text))
          }
        >
          {t('task.staff.editor.delete')}
        </ConfirmButton>
        <WarningAlert>{failure}</WarningAlert>
      </section>
    </UnsavedProvider>
  );
}

/** The form itself: a new task is created whole, an existing one sends what changed. */
function TaskForm({ course, initial, task }: { course: Course; initial: TaskDraft; task?: Task }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create, creating] = useCreateTaskMutation();
  const [update, updating] = useUpdateTaskMutation();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const courseId = Number(course.id);
  const problems = taskProblems(draft);
  const changes = task ? changedAttributes(initial, draft, courseId) : {};
  // an edit stays on the page (the saved task comes back as the new starting point); a new task
  // opens its overview, so only an edit guards against leaving with changes unsaved
  const dirty = Object.keys(changes).length > 0;
  const busy = creating.isLoading || updating.isLoading;
  useUnsavedFlag('task', dirty);
  const shown = tried ? problems : problems.filter((problem) => problem.field !== 'name');

  const set = (patch: Partial<TaskDraft>) => setDraft((now) => ({ ...now, ...patch }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (problems.length > 0) return;
    if (task) {
      update({ id: task.id, changes })
        .unwrap()
        .catch((error: unknown) => setFailure(notificationFor(error).text));
      return;
    }
    create(attributesOf(draft, courseId))
      .unwrap()
      .then((saved) => navigate(`/assignment/${encodeURIComponent(saved.id)}`))
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  const problemText = (name: string) => {
    const problem = problemOf(shown, name);
    return problem ? t(`task.staff.problems.${problem.problem}`, problem.values) : null;
  };
  const { input, toggle } = settingRows({
    idPrefix: 'task',
    draft,
    set,
    problemText,
    switchText: (name) => ({
      label: t(`task.staff.editor.${name}`),
      help: t(`task.staff.editor.${name}Help`),
    }),
  });

  const modules = course.modules ?? [];
  const places: Array<{ type: TaskableType; id: string; label: string }> = modules.flatMap((module) => [
    { type: 'module' as const, id: module.id, label: module.name ?? '' },
    ...(module.activities ?? []).map((activity) => ({
      type: 'activity' as const,
      id: activity.id,
      label: `${module.name} · ${activityName(t, activity.name)}`,
    })),
  ]);
  const classes = course.class ?? [];

  return (
    <form onSubmit={submit} aria-label={t('task.staff.editor.title')} noValidate>
      <div className={styles.groups}>
        <fieldset className={styles.group}>
          <legend>{t('task.staff.editor.general')}</legend>
          {input('name', t('task.staff.editor.name'), { maxLength: 255, required: true })}
          <RichTextEditor
            id="task-description"
            label={t('task.staff.editor.description')}
            value={initial.description}
            onChange={(html) => set({ description: html === '<p></p>' ? '' : html })}
          />
          <SettingField
            id="task-taskable_id"
            label={t('task.staff.editor.place')}
            problem={problemText('taskable_id')}
          >
            <select
              {...controlProps('task-taskable_id', problemText('taskable_id'))}
              value={`${draft.taskable_type}:${draft.taskable_id}`}
              onChange={(event) => {
                const [type, placeId] = event.target.value.split(':');
                set({ taskable_type: type as TaskableType, taskable_id: placeId });
              }}
            >
              {!draft.taskable_id && (
                <option value={`${draft.taskable_type}:`}>{t('task.staff.editor.choosePlace')}</option>
              )}
              {places.map((place) => (
                <option key={`${place.type}:${place.id}`} value={`${place.type}:${place.id}`}>
                  {place.label}
                </option>
              ))}
            </select>
          </SettingField>
          {toggle('is_active')}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('task.staff.editor.window')}</legend>
          {input('start_at', t('task.staff.editor.startAt'), { type: 'datetime-local' })}
          {input('end_at', t('task.staff.editor.endAt'), { type: 'datetime-local' })}
          {toggle('is_lateable')}
          {toggle('file_required')}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('task.staff.editor.grading')}</legend>
          {input('passing_grade', t('task.staff.editor.passingGrade'), { inputMode: 'decimal' })}
          {toggle('show_score')}
          <div className="field" role="radiogroup" aria-labelledby="task-method-label">
            <span id="task-method-label" className={styles.label}>
              {t('task.staff.editor.method')}
            </span>
            {(['score', 'rubric'] as const).map((method) => (
              <label key={method} className={styles.switch}>
                <input
                  type="radio"
                  name="task-method"
                  value={method}
                  checked={draft.assesment_method === method}
                  onChange={() => set({ assesment_method: method })}
                />
                <span>{t(`task.staff.editor.methods.${method}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('task.staff.editor.work')}</legend>
          <div className="field" role="radiogroup" aria-labelledby="task-type-label">
            <span id="task-type-label" className={styles.label}>
              {t('task.staff.editor.type')}
            </span>
            {(['PERSONAL', 'GROUP'] as const).map((type) => (
              <label key={type} className={styles.switch}>
                <input
                  type="radio"
                  name="task-type"
                  value={type}
                  checked={draft.tasks_type === type}
                  onChange={() => set({ tasks_type: type })}
                />
                <span>{t(`task.staff.editor.types.${type}`)}</span>
              </label>
            ))}
          </div>
          {draft.tasks_type === 'GROUP' &&
            toggle(
              'peer_assessment',
              <>
                <div className="form-row">
                  {input('lecturer_percentage', t('task.staff.editor.lecturerPercentage'), {
                    inputMode: 'decimal',
                  })}
                  {input('student_percentage', t('task.staff.editor.studentPercentage'), {
                    inputMode: 'decimal',
                  })}
                </div>
                {toggle('is_assesment_open')}
              </>,
            )}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('task.staff.editor.classes')}</legend>
          {toggle('all_class')}
          {!draft.all_class && (
            <div
              role="group"
              aria-labelledby="task-classes-label"
              aria-describedby={problemText('class_ids') ? 'task-class_ids-problem' : undefined}
            >
              <span id="task-classes-label" className={styles.label}>
                {t('task.staff.editor.chooseClasses')}
              </span>
              {classes.length === 0 && <p className="muted small">{t('course.noClasses')}</p>}
              {classes.map((item) => {
                const classId = Number(item.id);
                return (
                  <label key={item.id} className={styles.switch}>
                    <input
                      type="checkbox"
                      checked={draft.class_ids.includes(classId)}
                      onChange={(event) =>
                        set({
                          class_ids: event.target.checked
                            ? [...draft.class_ids, classId]
                            : draft.class_ids.filter((value) => value !== classId),
                        })
                      }
                    />
                    <span>{item.name}</span>
                  </label>
                );
              })}
              <SettingProblem id="task-class_ids" problem={problemText('class_ids')} />
            </div>
          )}
        </fieldset>
      </div>

      {draft.assesment_method === 'rubric' && (
        <fieldset className={`${styles.group} ${styles.section}`}>
          <legend>{t('task.staff.rubric.title')}</legend>
          <RubricBuilder rubric={draft.rubric} onChange={(rubric) => set({ rubric })} problems={problems} />
        </fieldset>
      )}

      <div className={styles.saveBar}>
        <WarningAlert>{failure}</WarningAlert>
        <p className="row-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={busy || (task !== undefined && !dirty)}
          >
            {busy ? t('editor.saving') : task ? t('task.staff.editor.save') : t('task.staff.editor.create')}
          </button>
          {dirty && task && <span className="badge badge-warning">{t('editor.unsaved')}</span>}
          {tried && problems.length > 0 && (
            <span className={styles.problem}>
              {t('task.staff.editor.fixFirst', { count: problems.length })}
            </span>
          )}
        </p>
      </div>
    </form>
  );
}
