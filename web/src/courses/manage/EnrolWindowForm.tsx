import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
    <form className="card card-body" onSubmit={submit} aria-labelledby="open-title" noValidate>
      <h2 id="open-title" className="section-title">
        {t('enrol.openTitle')}
      </h2>
      <p className="muted small">{t('enrol.openHelp')}</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="enrol-start">{t('enrol.startAt')}</label>
          <input
            id="enrol-start"
            type="datetime-local"
            value={start}
            onChange={(event) => setStart(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="enrol-end">{t('enrol.endAt')}</label>
          <input
            id="enrol-end"
            type="datetime-local"
            value={end}
            onChange={(event) => setEnd(event.target.value)}
          />
        </div>
      </div>
      <WarningAlert>{failure}</WarningAlert>
      <p>
        <button type="submit" className="button button-primary" disabled={opening.isLoading}>
          {t('enrol.open')}
        </button>
      </p>
    </form>
  );
}
