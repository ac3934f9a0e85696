import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { FormAnswerPanel } from './FormAnswerPanel';
import { FormEditor } from './FormEditor';
import { useFormQuery } from './formsApi';

/** `/forms/new`: the staff make a logbook on a module or activity of one of their courses. */
export function NewFormPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="form-page-title">
      <header className="page-header">
        <h1 id="form-page-title">{t('forms.newForm')}</h1>
      </header>
      <FormEditor labelledBy="form-page-title" />
    </section>
  );
}

/**
 * `/forms/{id}`: a logbook — for its course's staff the editor (fields, window, rubric), for a
 * student the entry of the current day or month, or its answered state.
 */
export default function FormPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const form = useFormQuery(id);
  if (form.isLoading) return <Spinner label={t('forms.loadingForm')} />;
  if (!form.data)
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(form.error, t('forms.formFailed')).text}</p>
        <button type="button" className="button" onClick={() => void form.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  const data = form.data;
  return (
    <section aria-labelledby="form-page-title">
      <header className="page-header">
        <div>
          <h1 id="form-page-title">{data.title}</h1>
          <p className="muted">
            {t('forms.where', { course: data.course_name, place: data.formable_name })}
            {' · '}
            {data.forms_type === 'daily' ? t('forms.daily') : t('forms.monthly')}
          </p>
        </div>
      </header>
      {data.can_edit ? <FormEditor key={data.updated_at} form={data} /> : <FormAnswerPanel form={data} />}
    </section>
  );
}
