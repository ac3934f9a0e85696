import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useLeaveCourseMutation } from './enrolmentApi';

/** Leaving a course, after a confirmation that names the course and says what leaving means. */
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
  const [leave, state] = useLeaveCourseMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = () => {
    setFailure(null);
    leave(courseId)
      .unwrap()
      .then(() => onLeft?.())
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };
  return (
    <div>
      <ConfirmButton
        question={t('confirm.leaveQuestion', { name })}
        details={t('confirm.leaveDetails')}
        action={t('confirm.leave')}
        label={t('enrol.leaveNamed', { name })}
        disabled={state.isLoading}
        onConfirm={confirmed}
      >
        {t('enrol.leave')}
      </ConfirmButton>
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}
