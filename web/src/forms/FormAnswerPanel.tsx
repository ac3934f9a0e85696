import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { parseDate, useDates } from '../lib/dates';
import { useNow } from '../lib/serverClock';
import { notificationFor } from '../notifications/notification';
import { entryForm, entrySent, sendEntry } from './formsApi';
import { formBookPath } from './FormsPage';
import type { Form, FormField } from './formTypes';
import styles from './forms.module.css';

/** Today's day (`YYYY-MM-DD`) or month (`YYYY-MM`) on this computer's calendar, as the entry's period is shown. */
const periodLabel = (form: Form, at: number) => {
  const now = new Date(at);
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return form.forms_type === 'daily' ? day : day.slice(0, 7);
};

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: FormField;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = `field-${field.key}`;
  const common = {
    id,
    required: field.required,
    value,
    'aria-describedby': field.help ? `${id}-help` : undefined,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {field.label}
        {field.required ? <span className="muted"> ({t('forms.answer.required')})</span> : null}
      </label>
      {field.type === 'long_text' ? (
        <textarea {...common} rows={5} onChange={(event) => onChange(event.target.value)} />
      ) : field.type === 'choice' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('forms.answer.choose')}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text'}
          min={field.min ?? undefined}
          max={field.max ?? undefined}
          step={field.type === 'number' ? 'any' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {field.help ? (
        <span id={`${id}-help`} className="muted small">
          {field.help}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A student's entry of the current day or month: the form's fields, files sent with a progress
 * bar, then the answered state. Outside the window the form says when it takes entries.
 */
export function FormAnswerPanel({ form }: { form: Form }) {
  const { t } = useTranslation();
  const dates = useDates();
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.stored?.accessToken);
  const [values, setValues] = useState<Record<string, string>>({});
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const now = useNow({ every: 60_000 });
  const period = periodLabel(form, now);
  const open =
    (parseDate(form.start_at)?.getTime() ?? Infinity) <= now &&
    now <= (parseDate(form.end_at)?.getTime() ?? 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (form.is_file_required && files.length === 0) {
      setError(t('forms.answer.fileRequired'));
      return;
    }
    setProgress(0);
    try {
      const lists = form.lists.map((field) => ({ key: field.key, value: values[field.key] ?? '' }));
      const reply = await sendEntry(entryForm(form.id, lists, files), { token, onProgress: setProgress });
      if (reply.status >= 200 && reply.status < 300) {
        setSent(true);
        dispatch(entrySent(form.id));
      } else setError(notificationFor({ status: reply.status, data: reply.body }).text);
    } catch (failure) {
      setError(notificationFor(failure).text);
    } finally {
      setProgress(undefined);
    }
  };

  if (form.is_answered || sent)
    return (
      <div className="page-message" role="status">
        <p>{sent ? t('forms.answer.sent') : t('forms.answer.done', { period })}</p>
        <Link to={formBookPath(form.id)}>{t('forms.answer.myEntries')}</Link>
      </div>
    );
  if (!open)
    return (
      <div className="page-message">
        <p>
          {t('forms.answer.notOpen', {
            from: dates.dateTime(form.start_at),
            to: dates.dateTime(form.end_at),
          })}
        </p>
        <Link to={formBookPath(form.id)}>{t('forms.answer.myEntries')}</Link>
      </div>
    );
  return (
    <form className={styles.stack} onSubmit={(event) => void submit(event)} aria-labelledby="entry-title">
      <h2 id="entry-title">{t('forms.answer.heading', { period })}</h2>
      {form.lists.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          value={values[field.key] ?? ''}
          onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
        />
      ))}
      <div className={styles.field}>
        <label htmlFor="entry-files">{t('forms.answer.files')}</label>
        <input
          id="entry-files"
          type="file"
          multiple
          aria-describedby={form.is_file_required ? 'entry-files-rule' : undefined}
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
        />
        {form.is_file_required ? (
          <span id="entry-files-rule" className="muted small">
            {t('forms.answer.fileRequired')}
          </span>
        ) : null}
      </div>
      {progress !== undefined ? (
        <progress
          max={100}
          value={progress ?? undefined}
          aria-label={t('forms.answer.sending', { percent: progress ?? 0 })}
        />
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="button primary" disabled={progress !== undefined}>
          {progress !== undefined
            ? t('forms.answer.sending', { percent: progress ?? 0 })
            : t('forms.answer.send')}
        </button>
        <Link to={formBookPath(form.id)}>{t('forms.answer.myEntries')}</Link>
      </div>
    </form>
  );
}
