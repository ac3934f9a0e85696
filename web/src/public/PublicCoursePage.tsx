import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { authApi } from '../auth/authApi';
import { isAuthValid } from '../auth/authSlice';
import { LOGIN_PATH } from '../auth/guard';
import { CourseHero } from '../courses/CourseHero';
import { CourseReader } from '../courses/CourseReader';
import { JoinOffer } from '../courses/enrol/JoinOffer';
import { Icon } from '../layout/Icon';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { useSiteInfoQuery } from '../site/siteApi';
import { AccessBadges, publicCoursePath } from './Catalogue';
import { usePublicCourseQuery, useRecordCourseViewMutation, type CourseVisit } from './catalogueApi';
import { PublicFrame } from './PublicFrame';
import styles from './PublicCoursePage.module.css';

const CATALOGUE_PATH = '/home-landing';
const isId = (value: string) => /^[1-9]\d{0,17}$/.test(value);

/** What a visit record says of its visitor: the campus, and who is signed in on this browser if anyone. */
function useVisit(courseId: string | undefined): CourseVisit | null {
  const site = useSiteInfoQuery(window.location.hostname);
  const signedIn = useAppSelector((state) => isAuthValid(state.auth.stored));
  const me = useAppSelector((state) => authApi.endpoints.me.select()(state).data);
  if (!courseId || site.isLoading) return null;
  return {
    courseId: Number(courseId),
    campus: site.data?.name || window.location.hostname,
    roles: signedIn ? (me?.role ?? null) : null,
    code: signedIn ? (me?.nim ?? me?.nidn ?? null) : null,
    name: signedIn ? (me?.fullname ?? null) : null,
    province: null,
    is_verify: signedIn,
    ip_address: null,
  };
}

function CourseNotFound() {
  const { t } = useTranslation();
  return (
    <div className="public-card empty-state">
      <span className="empty-icon" aria-hidden="true">
        <Icon name="book" />
      </span>
      <h1>{t('publicCourse.notFoundTitle')}</h1>
      <p className="muted">{t('publicCourse.notFoundText')}</p>
      <p className="empty-actions">
        <Link className="button button-primary" to={CATALOGUE_PATH}>
          {t('publicCourse.toCatalogue')}
        </Link>
        <Link className="button" to={LOGIN_PATH}>
          {t('login.signIn')}
        </Link>
      </p>
    </div>
  );
}

/**
 * `/public/courses/{id}/{moduleId?}/{submoduleId?}`: a course of the public catalogue as anyone
 * reads it without signing in: its head, its outline and the contents of the chosen activity, with
 * the reader the signed-in course page uses. One visit is recorded per opening of the page.
 */
export default function PublicCoursePage() {
  const { t } = useTranslation();
  const { id = '', moduleId, submoduleId } = useParams();
  const valid = isId(id);
  const course = usePublicCourseQuery(id, { skip: !valid });
  const signedIn = useAppSelector((state) => isAuthValid(state.auth.stored));
  const role = useAppSelector((state) => authApi.endpoints.me.select()(state).data?.role);
  const visit = useVisit(course.data?.id);
  const [recordView] = useRecordCourseViewMutation();
  const recorded = useRef<string | null>(null);

  // Once per visit: moving between the course's activities is the same visit. A failure is ignored.
  useEffect(() => {
    if (!visit || recorded.current === String(visit.courseId)) return;
    recorded.current = String(visit.courseId);
    recordView(visit)
      .unwrap()
      .catch(() => undefined);
  }, [visit, recordView]);

  const status = (course.error as { status?: unknown } | undefined)?.status;
  let body: ReactNode;
  if (!valid || status === 404) body = <CourseNotFound />;
  else if (course.isLoading) body = <Spinner label={t('course.loading')} />;
  else if (course.isError || !course.data) {
    body = (
      <div className="public-card empty-state" role="alert">
        <h1>{t('course.loadFailed')}</h1>
        <p className="muted">{notificationFor(course.error, t('common.tryAgainLater')).text}</p>
        <p className="empty-actions">
          <button type="button" className="button button-primary" onClick={() => void course.refetch()}>
            {t('common.tryAgain')}
          </button>
          <Link className="button" to={CATALOGUE_PATH}>
            {t('publicCourse.toCatalogue')}
          </Link>
        </p>
      </div>
    );
  } else {
    const data = course.data;
    body = (
      <article aria-labelledby="public-course-title">
        <p className={styles.back}>
          <Link to={CATALOGUE_PATH}>
            <span aria-hidden="true">← </span>
            {t('publicCourse.toCatalogue')}
          </Link>
        </p>
        <CourseHero course={data} titleId="public-course-title" badges={<AccessBadges course={data} />}>
          {!signedIn && (
            <p className="empty-actions">
              <Link
                className="button button-primary"
                to={`${LOGIN_PATH}?to=${encodeURIComponent(
                  data.is_public
                    ? `/courses/${data.id}`
                    : data.is_free
                      ? publicCoursePath(data.id)
                      : '/courses',
                )}`}
              >
                {t('login.signIn')}
              </Link>
            </p>
          )}
          {signedIn && role === 'student' && data.is_free && !data.is_public && <JoinOffer course={data} />}
        </CourseHero>
        <CourseReader
          course={data}
          moduleId={moduleId ?? null}
          activityId={submoduleId ?? null}
          hrefOf={(module, activity) => publicCoursePath(data.id, module, activity)}
          scope="public"
          closedNote={data.is_public ? undefined : t('publicCourse.closedContents')}
        />
      </article>
    );
  }

  return (
    <PublicFrame wide title={course.data?.name ?? t('routes.publicCourse')}>
      {body}
    </PublicFrame>
  );
}
