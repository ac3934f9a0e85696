import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCourseQuery, useCoursesQuery } from '../courses/coursesApi';
import { InputField } from '../layout/InputField';
import { notificationFor } from '../notifications/notification';
import { useCreateFormMutation, useRubricsQuery, useUpdateFormMutation } from './formsApi';
import { formBookPath, formPath } from './FormsPage';
import {
  FIELD_TYPES,
  nextFieldKey,
  type FieldType,
  type Form,
  type FormWrite,
  type Rubric,
} from './formTypes';
import styles from './forms.module.css';

/** `YYYY-MM-DD HH:mm:ss` (the API's wall clock) ↔ the `datetime-local` input's `YYYY-MM-DDTHH:mm`. */
const toInput = (wire: string | undefined) => (wire ? wire.replace(' ', 'T').slice(0, 16) : '');
const toWire = (input: string) => (input ? `${input.replace('T', ' ')}:00` : '');

interface DraftField {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  options: string;
  min: string;
  max: string;
}

const draftOf = (form?: Form): DraftField[] =>
  (form?.lists ?? []).map((field) => ({
    key: field.key,
    label: field.label,
    type: field.type,
    required: field.required,
    options: (field.options ?? []).join('\n'),
    min: field.min === null ? '' : String(field.min),
    max: field.max === null ? '' : String(field.max),
  }));

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The activities and modules of a course, as `<option>`s (`activities:12`). */
function PlaceOptions({ courseId }: { courseId: string }) {
  const course = useCourseQuery(courseId, { skip: courseId === '' });
  return (
    <>
      {(course.data?.modules ?? []).map((module) => (
        <optgroup key={module.id} label={module.name}>
          <option value={`modules:${module.id}`}>{module.name}</option>
          {(module.activities ?? []).map((activity) => (
            <option key={activity.id} value={`activities:${activity.id}`}>
              {activity.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/** The rubric select's value for the copy the form keeps, while no template is picked. */
const KEPT = 'kept';

/**
 * The staff's editor of a form: where it is, its kind and window, the file rule, the rubric picked
 * from `GET /course/rubrics` (the form keeps a copy) and the field builder. A new form is made on
 * a course's module or activity; its page's title (`labelledBy`) names the editor.
 */
export function FormEditor({ form, labelledBy }: { form?: Form; labelledBy?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courses = useCoursesQuery({ limit: 0 }, { skip: form !== undefined });
  const rubrics = useRubricsQuery();
  const [create, created] = useCreateFormMutation();
  const [update, updated] = useUpdateFormMutation();
  const [courseId, setCourseId] = useState(form ? String(form.course_id) : '');
  const [place, setPlace] = useState(form ? `${form.formable_type}:${form.formable_id}` : '');
  const [title, setTitle] = useState(form?.title ?? '');
  const [type, setType] = useState<'daily' | 'monthly'>(form?.forms_type ?? 'daily');
  const [date, setDate] = useState(form?.date ?? '');
  const [month, setMonth] = useState(form?.month ?? '');
  const [startAt, setStartAt] = useState(toInput(form?.start_at));
  const [endAt, setEndAt] = useState(toInput(form?.end_at));
  const [fileRequired, setFileRequired] = useState(form?.is_file_required ?? false);
  const [method, setMethod] = useState<'none' | 'rubric'>(form?.assesment_method ?? 'none');
  const [rubric, setRubric] = useState<Rubric | null>(form?.rubric ?? null);
  const [rubricChoice, setRubricChoice] = useState(form?.rubric ? KEPT : '');
  const [fields, setFields] = useState<DraftField[]>(draftOf(form));
  const [error, setError] = useState<string | null>(null);
  const saving = created.isLoading || updated.isLoading;

  const change = (index: number, patch: Partial<DraftField>) =>
    setFields((current) => current.map((field, n) => (n === index ? { ...field, ...patch } : field)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const [formableType, formableId] = place.split(':');
    const body: FormWrite = {
      formable_type: formableType as FormWrite['formable_type'],
      formable_id: Number(formableId),
      title,
      type,
      date: type === 'daily' ? date || null : null,
      month: type === 'monthly' ? month || null : null,
      start_at: toWire(startAt),
      end_at: toWire(endAt),
      is_file_required: fileRequired,
      assesment_method: method,
      rubric: method === 'rubric' ? rubric : null,
      lists: fields.map((field) => ({
        key: field.key,
        label: field.label,
        type: field.type,
        required: field.required,
        ...(field.type === 'choice'
          ? {
              options: field.options
                .split('\n')
                .map((option) => option.trim())
                .filter(Boolean),
            }
          : {}),
        ...(field.type === 'number' ? { min: numberOrNull(field.min), max: numberOrNull(field.max) } : {}),
      })),
    };
    try {
      const saved = form
        ? await update({ id: form.id, changes: body }).unwrap()
        : await create(body).unwrap();
      if (!form) navigate(formPath(saved.id));
    } catch (failure) {
      setError(notificationFor(failure).text);
    }
  };

  return (
    <form
      className={styles.stack}
      onSubmit={(event) => void submit(event)}
      aria-labelledby={form ? 'form-editor-title' : labelledBy}
    >
      {form ? (
        <>
          <h2 id="form-editor-title">{t('forms.editor.editTitle')}</h2>
          <Link to={formBookPath(form.id)}>{t('forms.editor.entriesLink')}</Link>
        </>
      ) : (
        <div className={styles.grid}>
          <div className={styles.field}>
            <label htmlFor="form-course">{t('forms.editor.course')}</label>
            <select
              id="form-course"
              required
              value={courseId}
              onChange={(event) => {
                setCourseId(event.target.value);
                setPlace('');
              }}
            >
              <option value="">{t('forms.editor.chooseCourse')}</option>
              {(courses.data?.items ?? []).map((course) => (
                <option key={course.id} value={course.id}>
                  {course.name}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="form-place">{t('forms.editor.place')}</label>
            <select id="form-place" required value={place} onChange={(event) => setPlace(event.target.value)}>
              <option value="">{t('forms.editor.choosePlace')}</option>
              <PlaceOptions courseId={courseId} />
            </select>
          </div>
        </div>
      )}
      <InputField
        id="form-title"
        label={t('forms.editor.title')}
        fieldClassName={styles.field}
        required
        maxLength={255}
        value={title}
        onChange={setTitle}
      />
      <div className={styles.grid}>
        <div className={styles.field}>
          <label htmlFor="form-type">{t('forms.editor.type')}</label>
          <select
            id="form-type"
            value={type}
            onChange={(event) => setType(event.target.value as 'daily' | 'monthly')}
          >
            <option value="daily">{t('forms.daily')}</option>
            <option value="monthly">{t('forms.monthly')}</option>
          </select>
        </div>
        {[
          type === 'daily'
            ? {
                id: 'form-date',
                label: t('forms.editor.firstDay'),
                type: 'date',
                value: date,
                onChange: setDate,
              }
            : {
                id: 'form-month',
                label: t('forms.editor.firstMonth'),
                type: 'month',
                value: month,
                onChange: setMonth,
              },
          {
            id: 'form-start',
            label: t('forms.editor.startAt'),
            type: 'datetime-local',
            value: startAt,
            onChange: setStartAt,
          },
          {
            id: 'form-end',
            label: t('forms.editor.endAt'),
            type: 'datetime-local',
            value: endAt,
            onChange: setEndAt,
          },
        ].map((field) => (
          <InputField key={field.id} {...field} fieldClassName={styles.field} required />
        ))}
      </div>
      <label>
        <input
          type="checkbox"
          checked={fileRequired}
          onChange={(event) => setFileRequired(event.target.checked)}
        />{' '}
        {t('forms.editor.fileRequired')}
      </label>
      <div className={styles.grid}>
        <div className={styles.field}>
          <label htmlFor="form-method">{t('forms.editor.method')}</label>
          <select
            id="form-method"
            value={method}
            onChange={(event) => setMethod(event.target.value as 'none' | 'rubric')}
          >
            <option value="none">{t('forms.editor.methodNone')}</option>
            <option value="rubric">{t('forms.editor.methodRubric')}</option>
          </select>
        </div>
        {method === 'rubric' ? (
          <div className={styles.field}>
            <label htmlFor="form-rubric">{t('forms.editor.rubric')}</label>
            <select
              id="form-rubric"
              required
              value={rubricChoice}
              onChange={(event) => {
                const choice = event.target.value;
                const template = rubrics.data?.find((item) => item.id === choice);
                setRubricChoice(choice);
                setRubric(
                  template
                    ? { ...template.rubric, name: template.name }
                    : choice === KEPT
                      ? form!.rubric
                      : null,
                );
              }}
            >
              <option value="">{t('forms.editor.chooseRubric')}</option>
              {form?.rubric ? (
                <option value={KEPT}>{t('forms.editor.rubricKept', { name: form.rubric.name })}</option>
              ) : null}
              {(rubrics.data ?? []).map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <fieldset className={styles.stack}>
        <legend>{t('forms.editor.fields')}</legend>
        {fields.map((field, index) => (
          <div key={field.key} className={styles.builderItem}>
            <div className={styles.grid}>
              <div className={styles.field}>
                <label htmlFor={`field-label-${field.key}`}>{t('forms.editor.fieldLabel')}</label>
                <input
                  id={`field-label-${field.key}`}
                  required
                  value={field.label}
                  onChange={(event) => change(index, { label: event.target.value })}
                />
              </div>
              <div className={styles.field}>
                <label htmlFor={`field-type-${field.key}`}>{t('forms.editor.fieldType')}</label>
                <select
                  id={`field-type-${field.key}`}
                  value={field.type}
                  onChange={(event) => change(index, { type: event.target.value as FieldType })}
                >
                  {FIELD_TYPES.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`forms.editor.types.${kind}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {field.type === 'choice' ? (
              <div className={styles.field}>
                <label htmlFor={`field-options-${field.key}`}>{t('forms.editor.fieldOptions')}</label>
                <textarea
                  id={`field-options-${field.key}`}
                  rows={3}
                  value={field.options}
                  onChange={(event) => change(index, { options: event.target.value })}
                />
              </div>
            ) : null}
            {field.type === 'number' ? (
              <div className={styles.grid}>
                <div className={styles.field}>
                  <label htmlFor={`field-min-${field.key}`}>{t('forms.editor.fieldMin')}</label>
                  <input
                    id={`field-min-${field.key}`}
                    type="number"
                    step="any"
                    value={field.min}
                    onChange={(event) => change(index, { min: event.target.value })}
                  />
                </div>
                <div className={styles.field}>
                  <label htmlFor={`field-max-${field.key}`}>{t('forms.editor.fieldMax')}</label>
                  <input
                    id={`field-max-${field.key}`}
                    type="number"
                    step="any"
                    value={field.max}
                    onChange={(event) => change(index, { max: event.target.value })}
                  />
                </div>
              </div>
            ) : null}
            <div className={styles.actions}>
              <label>
                <input
                  type="checkbox"
                  checked={field.required}
                  onChange={(event) => change(index, { required: event.target.checked })}
                />{' '}
                {t('forms.editor.fieldRequired')}
              </label>
              {index > 0 ? (
                <button
                  type="button"
                  className="button"
                  aria-label={t('forms.editor.moveUp', { label: field.label || field.key })}
                  onClick={() =>
                    setFields((current) => {
                      const next = [...current];
                      [next[index - 1], next[index]] = [next[index], next[index - 1]];
                      return next;
                    })
                  }
                >
                  ↑
                </button>
              ) : null}
              <button
                type="button"
                className="button"
                onClick={() => setFields((current) => current.filter((_, n) => n !== index))}
              >
                {t('forms.editor.removeField', { label: field.label || field.key })}
              </button>
            </div>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="button"
            onClick={() =>
              setFields((current) => [
                ...current,
                {
                  key: nextFieldKey(current),
                  label: '',
                  type: 'text',
                  required: false,
                  options: '',
                  min: '',
                  max: '',
                },
              ])
            }
          >
            {t('forms.editor.addField')}
          </button>
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? t('forms.editor.saving') : t('forms.editor.save')}
        </button>
      </div>
    </form>
  );
}
