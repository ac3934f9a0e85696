import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedFlag } from '../courses/editor/unsaved';
import { controlProps, SettingField, settingRows } from '../layout/SettingsForm';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { changedSettings, type ExamSettings, problemOf, settingsOf, settingsProblems } from './examSettings';
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

  const problemText = (name: keyof ExamSettings) => {
    const problem = problemOf(problems, name);
    return problem ? t(`exam.problems.${problem.problem}`, problem.values) : null;
  };
  const { input, toggle } = settingRows({
    idPrefix: 'exam',
    draft,
    set,
    problemText,
    switchText: (name) => ({ label: t(`exam.settings.${name}`), help: t(`exam.settings.${name}Help`) }),
  });

  return (
    <form onSubmit={submit} aria-label={t('exam.settings.title')} noValidate>
      <div className={styles.groups}>
        <fieldset className={styles.group}>
          <legend>{t('exam.settings.general')}</legend>
          {input('name', t('exam.settings.name'), { maxLength: 255, required: true })}
          <SettingField id="exam-exams_type" label={t('exam.settings.type')}>
            <select
              {...controlProps('exam-exams_type', null)}
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
          </SettingField>
          <SettingField id="exam-intro" label={t('exam.settings.intro')} help={t('exam.settings.introHelp')}>
            <textarea
              {...controlProps('exam-intro', null)}
              rows={4}
              value={draft.intro}
              onChange={(event) => set({ intro: event.target.value })}
            />
          </SettingField>
          {toggle('is_published')}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('exam.settings.window')}</legend>
          {input('start_at', t('exam.settings.startAt'), { type: 'datetime-local' })}
          {input('end_at', t('exam.settings.endAt'), { type: 'datetime-local' })}
          {toggle('is_duration', input('duration', t('exam.settings.duration'), { inputMode: 'numeric' }))}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('exam.settings.grading')}</legend>
          {input('passing_grade', t('exam.settings.passingGrade'), { inputMode: 'decimal' })}
          <SettingField id="exam-final_score_type" label={t('exam.settings.finalScore')}>
            <select
              {...controlProps('exam-final_score_type', null)}
              value={draft.final_score_type}
              onChange={(event) => set({ final_score_type: event.target.value })}
            >
              {FINAL_SCORE_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`exam.finalScore.${value}`)}
                </option>
              ))}
            </select>
          </SettingField>
          {toggle('is_show_score')}
          {toggle('is_show_solution', toggle('is_show_solution_directly'))}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('exam.settings.attempts')}</legend>
          {input('retry', t('exam.settings.retry'), {
            inputMode: 'numeric',
            help: t('exam.settings.retryHelp'),
          })}
          {toggle('is_back')}
          {toggle('is_shuffle')}
        </fieldset>

        <fieldset className={styles.group}>
          <legend>{t('exam.settings.access')}</legend>
          {toggle('is_token', <TokenSettings exam={exam} />)}
          {toggle(
            'is_restricted_ip',
            <SettingField
              id="exam-ip_whitelists"
              label={t('exam.settings.ipWhitelist')}
              help={t('exam.settings.ipHelp')}
              problem={problemText('ip_whitelists')}
            >
              <textarea
                {...controlProps('exam-ip_whitelists', problemText('ip_whitelists'))}
                rows={4}
                value={draft.ip_whitelists}
                placeholder="10.20.0.0/16"
                onChange={(event) => set({ ip_whitelists: event.target.value })}
              />
            </SettingField>,
          )}
          {toggle('is_safe', <SebDownload exam={exam} saved={original.is_safe} />)}
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
