import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { useCourseQuery } from '../coursesApi';
import { CourseLoadFailed } from '../CoursePage';
import { AcademicSync } from './AcademicSync';
import { EnrolTokens } from './EnrolTokens';
import { EnrolWindowForm } from './EnrolWindowForm';
import { ManageHeader } from './ManageHeader';
import { Roster } from './Roster';
import manage from './manage.module.css';

/** The lecturer opens an enrolment window, hands out the token of each class, and manages the roster. */
export default function EnrollPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const course = useCourseQuery(id);
  // the enrolment parts ask about the course only once it is known to exist
  if (course.isLoading) return <Spinner label={t('course.loading')} />;
  if (course.isError) {
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  }

  return (
    <section aria-labelledby="enroll-title">
      <ManageHeader
        courseId={id}
        course={course.data}
        title={t('routes.courseEnroll')}
        titleId="enroll-title"
      />

      <div className={manage.grid}>
        <EnrolWindowForm courseId={id} />
        <EnrolTokens courseId={id} />
      </div>

      {course.data && <AcademicSync course={course.data} />}

      <Roster courseId={id} />
    </section>
  );
}
