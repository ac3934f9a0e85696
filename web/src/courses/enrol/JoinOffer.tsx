import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { notificationFor } from '../../notifications/notification';
import { WarningAlert } from '../../layout/WarningAlert';
import { useJoinFreeCourseMutation } from './enrolmentApi';

/**
 * What a student who is not enrolled in a course they can see is offered: a free course is joined
 * with one click (then its reader opens), a course with join tokens asks for the token.
 */
export function JoinOffer({ course }: { course: { id: string; name: string; is_free: boolean } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [join, state] = useJoinFreeCourseMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const path = `/courses/${encodeURIComponent(course.id)}`;
  if (!course.is_free) {
    return (
      <div data-testid="join-offer">
        <p className="muted">{t('enrol.notEnrolledToken')}</p>
        <Link className="button button-primary" to="/courses#join">
          {t('enrol.joinWithToken')}
        </Link>
      </div>
    );
  }
  const click = () => {
    setFailure(null);
    join(course.id)
      .unwrap()
      .then(() => navigate(path))
      .catch((error: unknown) => {
        // already a member (joined in another tab): the course is theirs to read
        if ((error as { status?: unknown }).status === 409) navigate(path);
        else setFailure(notificationFor(error).text);
      });
  };
  return (
    <div data-testid="join-offer">
      <p className="muted">{t('enrol.notEnrolledFree')}</p>
      <button
        type="button"
        className="button button-primary"
        disabled={state.isLoading}
        aria-label={t('enrol.joinNamed', { name: course.name })}
        onClick={click}
      >
        {state.isLoading ? t('enrol.joining') : t('enrol.joinFree')}
      </button>
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}
