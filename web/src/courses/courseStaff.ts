import type { Course } from './coursesApi';

/** Someone who teaches a course: its lecturer or an assistant, by user id. */
export interface StaffMember {
  /** Their user id. */
  id: string;
  name: string;
  role: 'lecturer' | 'assistant';
}

/** The course's lecturer, then its assistants, as the course's read names them (no name: left out). */
export function courseStaff(course: Course | undefined): StaffMember[] {
  if (!course) return [];
  const staff: StaffMember[] = [
    ...(course.lecturer
      ? [
          {
            id: String(course.lecturer.user_id ?? course.lecturer_id),
            name: course.lecturer.name ?? '',
            role: 'lecturer' as const,
          },
        ]
      : []),
    ...(course.assistant ?? []).map((assistant) => ({
      id: String(assistant.user_id ?? assistant.user?.id),
      name: assistant.name ?? assistant.user?.name ?? '',
      role: 'assistant' as const,
    })),
  ];
  return staff.filter((person) => person.name);
}
