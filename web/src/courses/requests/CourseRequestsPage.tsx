import { useTranslation } from 'react-i18next';
import { CourseRequestForm } from './CourseRequestForm';
import { MyCourseRequests } from './MyCourseRequests';
import styles from './requests.module.css';

/** `/courses/requests`: a lecturer asks the campus for a course and follows their requests. */
export default function CourseRequestsPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="course-requests-title">
      <header className="page-header">
        <h1 id="course-requests-title">{t('courseRequests.title')}</h1>
      </header>
      <p className="muted">{t('courseRequests.intro')}</p>
      <div className={styles.panels}>
        <CourseRequestForm />
        <MyCourseRequests />
      </div>
    </section>
  );
}
