import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../layout/FormCard';
import { InputField } from '../../layout/InputField';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useOpenEnrolmentMutation } from '../enrol/enrolmentApi';
import { fromLocalInput, toLocalInput } from '../structure';

const DAY = 24 * 3600 * 1000;

/** Opens (or moves) the course's enrolment window: from now to two weeks ahead unless changed. */
export function EnrolWindowForm({ courseId: id }: { courseId: string }) {
  const { t } = useTranslation();
  const [open, opening] = useOpenEnrolmentMutation();
  const [start, setStart] = useState(() => toLocalInput(new Date()));
  const [end, setEnd] = useState(() => toLocalInput(new Date(Date.now() + 14 * DAY)));
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
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
      <p>
        <button type="submit" className="button button-primary" disabled={opening.isLoading}>
          {t('enrol.open')}
        </button>
      </p>
    </FormCard>
  );
}
