import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { FormCard } from '../../layout/FormCard';
import { InputField } from '../../layout/InputField';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useCourseQuery } from '../coursesApi';
import { useEnrolWindowQuery, useOpenEnrolmentMutation } from '../enrol/enrolmentApi';
import { fromLocalInput, toLocalInput } from '../structure';

const DAY = 24 * 3600 * 1000;

/**
 * Opens (or moves) the course's enrolment window: from now to two weeks ahead unless changed.
 * Replacing an existing window gives every class a new token, so that asks first.
 */
export function EnrolWindowForm({ courseId: id }: { courseId: string }) {
  const { t } = useTranslation();
  const [open, opening] = useOpenEnrolmentMutation();
  const current = useEnrolWindowQuery(id).data;
  const courseName = useCourseQuery(id).data?.name ?? '';
  const [asking, setAsking] = useState(false);
  const [start, setStart] = useState(() => toLocalInput(new Date()));
  const [end, setEnd] = useState(() => toLocalInput(new Date(Date.now() + 14 * DAY)));
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (current) setAsking(true);
    else send();
  };

  const send = () => {
    setAsking(false);
    setFailure(null);
    const startAt = fromLocalInput(start);
    const endAt = fromLocalInput(end);
    if (!startAt || !endAt) {
      setFailure(t('enrol.datesRequired'));
      return;
    }
    open({ courseId: id, startAt, endAt })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <FormCard id="open" title={t('enrol.openTitle')} help={t('enrol.openHelp')} onSubmit={submit}>
      <div className="form-row">
        <InputField
          id="enrol-start"
          type="datetime-local"
          label={t('enrol.startAt')}
          value={start}
          onChange={setStart}
        />
        <InputField
          id="enrol-end"
          type="datetime-local"
          label={t('enrol.endAt')}
          value={end}
          onChange={setEnd}
        />
      </div>
      <WarningAlert>{failure}</WarningAlert>
      {asking && (
        <ConfirmDialog
          question={t('confirm.reopenQuestion', { name: courseName })}
          details={t('confirm.reopenDetails')}
          action={t('confirm.reopen')}
          onConfirm={send}
          onCancel={() => setAsking(false)}
        />
      )}
      <p>
        <button type="submit" className="button button-primary" disabled={opening.isLoading}>
          {t('enrol.open')}
        </button>
      </p>
    </FormCard>
  );
}
