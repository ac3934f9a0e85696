import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useCourseQuery } from '../coursesApi';
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
