import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationFor } from '../../notifications/notification';
import { useLeaveCourseMutation } from './enrolmentApi';
import { WarningAlert } from '../../layout/WarningAlert';

/** Leaving a course, confirmed in place (a second button) rather than in a browser dialog. */
export function LeaveButton({
  courseId,
  name,
  onLeft,
}: {
  courseId: string;
  name: string;
  onLeft?: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [leave, state] = useLeaveCourseMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () => {
    setFailure(null);
    leave(courseId)
      .unwrap()
      .then(() => {
        setAsking(false);
        onLeft?.();
      })
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };
  return (
    <div>
      {asking ? (
        <p className="row-actions" role="group" aria-label={t('enrol.confirmLeave', { name })}>
          <span>{t('enrol.confirmLeave', { name })}</span>
          <button type="button" className="button button-danger" onClick={confirm} disabled={state.isLoading}>
            {t('enrol.leaveConfirm')}
          </button>
          <button type="button" className="button" onClick={() => setAsking(false)}>
            {t('common.cancel')}
          </button>
        </p>
      ) : (
        <button type="button" className="button" onClick={() => setAsking(true)}>
          {t('enrol.leave')}
        </button>
      )}
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}
