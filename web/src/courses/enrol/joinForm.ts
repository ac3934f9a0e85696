/** The join form's fields (spec: a student joins a class of a course with its token). */
export interface JoinFields {
  courseId: string;
  classId: string;
  token: string;
}

export type JoinProblem = 'courseId' | 'classId' | 'token';

/** Reads the form: whole positive ids and a token of 1–32 characters (upper-cased, trimmed). */
export function readJoinForm(
  fields: JoinFields,
):
  | { ok: true; value: { courseId: number; classId: number; token: string } }
  | { ok: false; problems: JoinProblem[] } {
  const problems: JoinProblem[] = [];
  const id = (text: string) => (/^\s*\d+\s*$/.test(text) && Number(text) > 0 ? Number(text) : null);
  const courseId = id(fields.courseId);
  const classId = id(fields.classId);
  const token = fields.token.replace(/\s+/g, '').toUpperCase();
  if (courseId === null) problems.push('courseId');
  if (classId === null) problems.push('classId');
  if (token.length < 1 || token.length > 32) problems.push('token');
  if (problems.length > 0 || courseId === null || classId === null) return { ok: false, problems };
  return { ok: true, value: { courseId, classId, token } };
}

/** The join link a lecturer hands out: the courses page with the form filled in. */
export function joinLink(origin: string, courseId: string | number, classId: number, token: string): string {
  const query = new URLSearchParams({ course: String(courseId), class: String(classId), token });
  return `${origin}/courses?${query.toString()}`;
}
