import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { CourseCard } from '../courses/CourseCard';
import { useCoursesQuery } from '../courses/coursesApi';
import { Spinner } from '../layout/Spinner';
import { NewsStrip } from '../messaging/news/NewsStrip';
import { HomeTasks } from '../tasks/student/HomeTasks';

/**
 * Homepage: who is signed in, at which campus, a student's assignments still to do, the
 * courses they worked in most recently and the campus's latest news.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const me = useMeQuery();
  const recent = useCoursesQuery({ sort: '-updated_at', limit: 3, offset: 0, include: ['lecturer'] });
  const user = me.data;
  return (
    <section aria-labelledby="home-title">
      <header className="page-header">
        <div>
          <h1 id="home-title">{t('home.welcome', { name: user?.fullname ?? '' })}</h1>
          <p className="muted">
            {[user ? t(`roles.${user.role}`) : null, user?.universityName, user?.nim ?? user?.nidn]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </header>
      {user?.role === 'student' && <HomeTasks />}
      <h2 className="section-title">{t('home.recentCourses')}</h2>
      {recent.isLoading ? (
        <Spinner label={t('courses.loading')} />
      ) : recent.data?.items.length ? (
        <>
          <div className="card-grid">
            {recent.data.items.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </div>
          <p>
            <Link to="/courses">{t('home.allCourses', { count: recent.data.total })}</Link>
          </p>
        </>
      ) : (
        <p className="page-message">{t('courses.none')}</p>
      )}
      <NewsStrip base="/news" />
    </section>
  );
}
