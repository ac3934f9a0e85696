import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../layout/FormCard';
import { InputField } from '../../layout/InputField';
import { SelectField } from '../../layout/SelectField';
import { useActivePeriodsQuery } from '../coursesApi';
import { PeriodOptions } from '../PeriodOptions';
import { useFacultiesQuery, useRequestCourseMutation } from './courseRequestsApi';
import { classNamesOf, problemsOf, type RequestField, type RequestProblem } from './requests';
import styles from './requests.module.css';

const EMPTY = { name: '', code: '', periodId: '', facultyId: '', classes: '', note: '' };

/**
 * A lecturer asks for a course: its name and code, the period and faculty (from the campus's
 * active periods and its faculties), the classes it should have and a note for the operator. Every
 * problem the service finds is listed under the form, its field marked.
 */
export function CourseRequestForm() {
  const { t } = useTranslation();
  const periods = useActivePeriodsQuery();
  const faculties = useFacultiesQuery();
  const [send, sending] = useRequestCourseMutation();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<RequestProblem[]>([]);
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setValues((now) => ({ ...now, [field]: value }));
  const invalid = (field: RequestField) => problems.some((problem) => problem.field === field);
  const labels: Record<RequestField, string> = {
    name: t('courseRequests.name'),
    code: t('courseRequests.code'),
    period_id: t('courseRequests.period'),
    faculty_id: t('courseRequests.faculty'),
    classes: t('courseRequests.classes'),
    note: t('courseRequests.note'),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.periodId) {
      setProblems([{ field: 'period_id', detail: t('courseRequests.choosePeriodFirst') }]);
      return;
    }
    setProblems([]);
    send({
      name: values.name.trim(),
      code: values.code.trim(),
      period_id: Number(values.periodId),
      faculty_id: values.facultyId ? Number(values.facultyId) : null,
      classes: classNamesOf(values.classes),
      note: values.note.trim() || null,
    })
      .unwrap()
      .then(() => setValues({ ...EMPTY, periodId: values.periodId }))
      .catch((error: unknown) => setProblems(problemsOf(error)));
  };

  const noPeriod = periods.isSuccess && periods.data.length === 0;
  return (
    <FormCard
      id="course-request"
      title={t('courseRequests.formTitle')}
      help={t('courseRequests.formHelp')}
      onSubmit={submit}
    >
      <div className="form-row">
        <InputField
          id="request-code"
          label={labels.code}
          value={values.code}
          onChange={set('code')}
          invalid={invalid('code')}
          required
          maxLength={50}
          autoComplete="off"
        />
        <InputField
          id="request-name"
          label={labels.name}
          value={values.name}
          onChange={set('name')}
          invalid={invalid('name')}
          required
          maxLength={255}
        />
      </div>
      <div className="form-row">
        <SelectField
          id="request-period"
          label={labels.period_id}
          value={values.periodId}
          onChange={set('periodId')}
          invalid={invalid('period_id')}
          busy={periods.isLoading}
          required
        >
          <option value="">{t('courseRequests.choosePeriod')}</option>
          <PeriodOptions periods={periods.data ?? []} />
        </SelectField>
        <SelectField
          id="request-faculty"
          label={labels.faculty_id}
          value={values.facultyId}
          onChange={set('facultyId')}
          invalid={invalid('faculty_id')}
          busy={faculties.isLoading}
        >
          <option value="">{t('courseRequests.noFaculty')}</option>
          {(faculties.data ?? []).map((faculty) => (
            <option key={faculty.id} value={faculty.id}>
              {faculty.code ? `${faculty.name} (${faculty.code})` : faculty.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="field wide">
        <label htmlFor="request-classes">{labels.classes}</label>
        <input
          id="request-classes"
          value={values.classes}
          onChange={(event) => set('classes')(event.target.value)}
          aria-invalid={invalid('classes') || undefined}
          aria-describedby="request-classes-help"
          autoComplete="off"
        />
        <span id="request-classes-help" className="muted small">
          {t('courseRequests.classesHelp')}
        </span>
      </div>
      <div className="field wide">
        <label htmlFor="request-note">{labels.note}</label>
        <textarea
          id="request-note"
          rows={3}
          maxLength={2000}
          value={values.note}
          onChange={(event) => set('note')(event.target.value)}
          aria-invalid={invalid('note') || undefined}
        />
      </div>
      {noPeriod && <p className="muted">{t('courseRequests.noPeriod')}</p>}
      {problems.length > 0 && (
        <div className="alert alert-warning" role="alert">
          <p>{t('courseRequests.refused')}</p>
          <ul className={styles.problems}>
            {problems.map((problem, index) => (
              <li key={index}>
                {problem.field ? `${labels[problem.field]}: ${problem.detail}` : problem.detail}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p>
        <button type="submit" className="button button-primary" disabled={sending.isLoading || noPeriod}>
          {sending.isLoading ? t('courseRequests.sending') : t('courseRequests.send')}
        </button>
      </p>
    </FormCard>
  );
}
