import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedFlag } from '../courses/editor/unsaved';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import {
  changedSettings,
  type ExamSettings,
  problemOf,
  type SettingSwitch,
  settingsOf,
  settingsProblems,
  type SettingsProblem,
} from './examSettings';
import { EXAM_TYPES, type Exam, FINAL_SCORE_TYPES, MOBILE_FLAGS } from './examTypes';
import { useUpdateExamMutation } from './examsApi';
import { SebDownload, TokenSettings } from './AccessTools';
import styles from './exams.module.css';

/**
 * The exam's settings in groups — general, window and duration, grading, attempts, access — each
 * field with its problem beside it as the lecturer types. Saving sends only what changed; the
 * editor asks before leaving while changes are unsaved.
 */
export function ExamSettingsForm({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const [update, state] = useUpdateExamMutation();
  const [original, setOriginal] = useState(() => settingsOf(exam));
  const [draft, setDraft] = useState<ExamSettings>(original);
  const [failure, setFailure] = useState<string | null>(null);
  const changes = changedSettings(original, draft);
  const dirty = Object.keys(changes).length > 0;
  const problems = settingsProblems(draft);
  useUnsavedFlag('exam-settings', dirty);

  const set = (patch: Partial<ExamSettings>) => setDraft((now) => ({ ...now, ...patch }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (problems.length > 0 || !dirty) return;
    update({ id: exam.id, changes })
      .unwrap()
      .then((updated) => {
        const next = settingsOf({ ...exam, ...updated });
        setOriginal(next);
        setDraft(next);
      })
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  const problemText = (problem: SettingsProblem) => t(`exam.problems.${problem.problem}`, problem.values);
  const field = (name: keyof ExamSettings) => {
    const problem = problemOf(problems, name);
    return {
      id: `exam-${name}`,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? `exam-${name}-problem` : undefined,
    };
  };
  // render helpers, not components: a component defined here would remount its inputs on every key
  const problemFor = (name: keyof ExamSettings) => {
    const problem = problemOf(problems, name);
    return problem ? (
      <span id={`exam-${name}-problem`} className={styles.problem}>
        {problemText(problem)}
      </span>
    ) : null;
  };
  const toggle = (name: SettingSwitch, children?: ReactNode) => (
    <Fragment key={name}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          checked={draft[name]}
          onChange={(event) => set({ [name]: event.target.checked })}
        />
        <span>
          {t(`exam.settings.${name}`)}
          <span className="muted small"> — {t(`exam.settings.${name}Help`)}</span>
        </span>
      </label>
      {draft[name] && children && <div className={styles.nested}>{children}</div>}
    </Fragment>
  );

  return (
    <form onSubmit={submit} aria-label={t('exam.settings.title')} noValidate>
      <div className={styles.groups}>
        <fieldset className={styles.group}>
          <legend>{t('exam.settings.general')}</legend>
          <div className="field">
            <label htmlFor="exam-name">{t('exam.settings.name')}</label>
            <input
              {...field('name')}
              value={draft.name}
              maxLength={255}
              required
              onChange={(event) => set({ name: event.target.value })}
            />
            {problemFor('name')}
          </div>
          <div className="field">
            <label htmlFor="exam-exams_type">{t('exam.settings.type')}</label>
            <select
              {...field('exams_type')}
              value={draft.exams_type}
              onChange={(event) => set({ exams_type: event.target.value })}
            >
              <option value="">{t('exam.settings.noType')}</option>
              {EXAM_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`exam.types.${value}`)}
                </option>
              ))}
              {draft.exams_type && !(EXAM_TYPES as readonly string[]).includes(draft.exams_type) && (
                <option value={draft.exams_type}>{draft.exams_type}</option>
              )}
            </select>
          </div>
          <div className="field">
            <label htmlFor="exam-intro">{t('exam.settings.intro')}</label>
            <textarea
              {...field('intro')}
              rows={4}
              value={draft.intro}
              onChange={(event) => set({ intro: event.target.value })}
            />
            <span className="muted small">{t('exam.settings.introHelp')}</span>
          </div>
          {toggle('is_published')}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('exam.settings.window')}</legend>
          <div className="field">
            <label htmlFor="exam-start_at">{t('exam.settings.startAt')}</label>
            <input
              {...field('start_at')}
              type="datetime-local"
              value={draft.start_at}
              onChange={(event) => set({ start_at: event.target.value })}
            />
            {problemFor('start_at')}
          </div>
          <div className="field">
            <label htmlFor="exam-end_at">{t('exam.settings.endAt')}</label>
            <input
              {...field('end_at')}
              type="datetime-local"
              value={draft.end_at}
              onChange={(event) => set({ end_at: event.target.value })}
            />
            {problemFor('end_at')}
          </div>
          {toggle(
            'is_duration',
            <>
              <div className="field">
                <label htmlFor="exam-duration">{t('exam.settings.duration')}</label>
                <input
                  {...field('duration')}
                  inputMode="numeric"
                  value={draft.duration}
                  onChange={(event) => set({ duration: event.target.value })}
                />
                {problemFor('duration')}
              </div>
            </>,
          )}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('exam.settings.grading')}</legend>
          <div className="field">
            <label htmlFor="exam-passing_grade">{t('exam.settings.passingGrade')}</label>
            <input
              {...field('passing_grade')}
              inputMode="decimal"
              value={draft.passing_grade}
              onChange={(event) => set({ passing_grade: event.target.value })}
            />
            {problemFor('passing_grade')}
          </div>
          <div className="field">
            <label htmlFor="exam-final_score_type">{t('exam.settings.finalScore')}</label>
            <select
              {...field('final_score_type')}
              value={draft.final_score_type}
              onChange={(event) => set({ final_score_type: event.target.value })}
            >
              {FINAL_SCORE_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`exam.finalScore.${value}`)}
                </option>
              ))}
            </select>
          </div>
          {toggle('is_show_score')}
          {toggle('is_show_solution', <>{toggle('is_show_solution_directly')}</>)}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('exam.settings.attempts')}</legend>
          <div className="field">
            <label htmlFor="exam-retry">{t('exam.settings.retry')}</label>
            <input
              {...field('retry')}
              inputMode="numeric"
              value={draft.retry}
              onChange={(event) => set({ retry: event.target.value })}
            />
            <span className="muted small">{t('exam.settings.retryHelp')}</span>
            {problemFor('retry')}
          </div>
          {toggle('is_back')}
          {toggle('is_shuffle')}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('exam.settings.access')}</legend>
          {toggle(
            'is_token',
            <>
              <TokenSettings exam={exam} />
            </>,
          )}
          {toggle(
            'is_restricted_ip',
            <>
              <div className="field">
                <label htmlFor="exam-ip_whitelists">{t('exam.settings.ipWhitelist')}</label>
                <textarea
                  {...field('ip_whitelists')}
                  rows={4}
                  value={draft.ip_whitelists}
                  placeholder="10.20.0.0/16"
                  onChange={(event) => set({ ip_whitelists: event.target.value })}
                />
                <span className="muted small">{t('exam.settings.ipHelp')}</span>
                {problemFor('ip_whitelists')}
              </div>
            </>,
          )}
          {toggle(
            'is_safe',
            <>
              <SebDownload exam={exam} saved={original.is_safe} />
            </>,
          )}
          {toggle('is_mobile', <>{MOBILE_FLAGS.map((flag) => toggle(flag))}</>)}
        </fieldset>
      </div>
      <div className={styles.saveBar}>
        <WarningAlert>{failure}</WarningAlert>
        <p className="row-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={!dirty || problems.length > 0 || state.isLoading}
          >
            {state.isLoading ? t('editor.saving') : t('exam.settings.save')}
          </button>
          {dirty && <span className="badge badge-warning">{t('editor.unsaved')}</span>}
          {problems.length > 0 && (
            <span className={styles.problem}>{t('exam.settings.fixFirst', { count: problems.length })}</span>
          )}
        </p>
      </div>
    </form>
  );
}
