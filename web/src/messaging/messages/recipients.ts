import { useMeQuery } from '../../auth/authApi';
import { courseStaff } from '../../courses/courseStaff';
import { useCourseQuery } from '../../courses/coursesApi';
import { useStudentsQuery } from '../../courses/enrol/enrolmentApi';
import { useMessageSettingQuery } from './messagesApi';

/** Someone of a course the caller may write to (a course message, a chat room). */
export interface Recipient {
  /** Their user id. */
  id: string;
  name: string;
  thumbnail: string | null;
  role: 'lecturer' | 'assistant' | 'student';
}

/**
 * Who the caller may write to in a course, as the messaging service allows it: its lecturer and
 * assistants, and its students when the caller teaches it or its staff let students write to
 * classmates (`GET /course/messages/settings/{courseId}`). Never the caller.
 */
export function useRecipients(courseId: string) {
  const me = useMeQuery();
  const course = useCourseQuery(courseId, { skip: !courseId });
  const setting = useMessageSettingQuery(courseId, { skip: !courseId });
  const data = course.data;
  const staff: Recipient[] = courseStaff(data).map((person) => ({ ...person, thumbnail: null }));
  const teaches = staff.some((person) => person.id === me.data?.id);
  const withClassmates = teaches || Boolean(setting.data?.students_may_message_classmates);
  const students = useStudentsQuery(courseId, { skip: !courseId || !data || !withClassmates });
  const everyone = [
    ...staff,
    ...(withClassmates ? (students.data ?? []) : []).map((student) => ({
      id: String(student.user_id),
      name: student.name,
      thumbnail: student.thumbnail ?? null,
      role: 'student' as const,
    })),
  ];
  return {
    recipients: [...new Map(everyone.map((person) => [person.id, person])).values()].filter(
      (person) => person.id !== me.data?.id && person.name,
    ),
    isLoading: course.isLoading || setting.isLoading || students.isLoading,
  };
}
