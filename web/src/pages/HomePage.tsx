import { Link } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { CourseCard } from '../courses/CourseCard';
import { useCoursesQuery } from '../courses/coursesApi';
import { Spinner } from '../layout/Spinner';

const ROLE_LABEL: Record<string, string> = { student: 'Student', lecturer: 'Lecturer' };

/** Homepage: who is signed in, at which campus, and the courses they worked in most recently. */
export function HomePage() {
  const me = useMeQuery();
  const recent = useCoursesQuery({ sort: '-updated_at', limit: 3, offset: 0, include: ['lecturer'] });
  const user = me.data;
  return (
    <section aria-labelledby="home-title">
      <header className="page-header">
        <div>
          <h1 id="home-title">Welcome, {user?.fullname}</h1>
          <p className="muted">
            {[ROLE_LABEL[user?.role ?? ''], user?.universityName, user?.nim ?? user?.nidn]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </header>
      <h2 className="section-title">Recent courses</h2>
      {recent.isLoading ? (
        <Spinner label="Loading courses" />
      ) : recent.data?.items.length ? (
        <>
          <div className="card-grid">
            {recent.data.items.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </div>
          <p>
            <Link to="/courses">All my courses ({recent.data.total})</Link>
          </p>
        </>
      ) : (
        <p className="page-message">You have no courses yet.</p>
      )}
    </section>
  );
}
