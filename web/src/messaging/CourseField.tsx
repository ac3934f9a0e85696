import { useTranslation } from 'react-i18next';
import { useCoursesQuery } from '../courses/coursesApi';
import { SelectField } from '../layout/SelectField';

/** The caller's courses to choose from, by name (every page of them). */
export function useMyCourses() {
  return useCoursesQuery({ sort: 'name', limit: 0 });
}

/**
 * One of the caller's courses, chosen by name: where a message, a conversation or an announcement
 * belongs. `empty` names the option of none (all courses, or "choose").
 */
export function CourseField({
  id,
  value,
  onChange,
  empty,
  invalid = false,
}: {
  id: string;
  value: string;
  onChange: (courseId: string) => void;
  empty?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const courses = useMyCourses();
  return (
    <SelectField
      id={id}
      label={t('messaging.course')}
      value={value}
      onChange={onChange}
      busy={courses.isFetching}
      invalid={invalid}
    >
      <option value="">{empty ?? t('messaging.chooseCourse')}</option>
      {(courses.data?.items ?? []).map((course) => (
        <option key={course.id} value={course.id}>
          {course.name}
        </option>
      ))}
    </SelectField>
  );
}
