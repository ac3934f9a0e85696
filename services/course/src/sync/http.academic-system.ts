import { Logger } from '@nestjs/common';
import type { CourseConfig } from '../config';
import { askUpstream, UpstreamError, upstreamBase, upstreamJson } from '@lms/platform';
import {
  type AcademicClass,
  type AcademicCourse,
  type AcademicCourseQuery,
  type AcademicSystem,
  UnconfiguredAcademicSystem,
} from './academic-system';

/** A larger answer is refused unread: a course of 20 000 students is well below it. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

/** Bounds of the answer; the lengths are those of the columns the values end up in. */
const LIMITS = {
  code: 50,
  name: 255,
  type: 20,
  className: 100,
  number: 32,
  personName: 200,
  classes: 200,
  studentsPerClass: 5000,
  students: 20_000,
};

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const malformed = (detail: string) =>
  new UpstreamError('bad-answer', `The academic system's answer is malformed: ${detail}`);

type Json = Record<string, unknown>;

function object(value: unknown, path: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw malformed(`${path} must be an object`);
  return value as Json;
}

function text(value: unknown, path: string, max: number): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed === '' || [...trimmed].length > max || CONTROL.test(trimmed))
    throw malformed(`${path} must be a non-empty string of at most ${max} characters`);
  return trimmed;
}

function optionalText(value: unknown, path: string, max: number): string | null {
  return value === undefined || value === null ? null : text(value, path, max);
}

function array(value: unknown, path: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw malformed(`${path} must be an array`);
  if (value.length > max) throw malformed(`${path} has more than ${max} items`);
  return value;
}

/**
 * Checks the academic system's answer for `query` (the JSON shape in docs/operations.md,
 * "Academic-system sync") and returns it trimmed. It must be about the course asked for; class
 * names are unique; a student sits in one class only. Throws a `bad-answer` error naming the
 * first problem.
 */
export function readAcademicCourse(body: unknown, query: AcademicCourseQuery): AcademicCourse {
  const root = object(body, 'the answer');
  const code = text(root.code, 'code', LIMITS.code);
  if (code !== query.code) throw malformed(`it is about course ${code}, not ${query.code}`);
  if (!Number.isSafeInteger(root.year)) throw malformed('year must be a whole number');
  const type = text(root.type, 'type', LIMITS.type);
  if (root.year !== query.year || type.toUpperCase() !== query.type.toUpperCase())
    throw malformed(`it is about ${String(root.year)} ${type}, not ${query.year} ${query.type}`);
  const name = text(root.name, 'name', LIMITS.name);

  let lecturer: AcademicCourse['lecturer'] = null;
  if (root.lecturer !== undefined && root.lecturer !== null) {
    const given = object(root.lecturer, 'lecturer');
    lecturer = {
      nidn: text(given.nidn, 'lecturer.nidn', LIMITS.number),
      name: optionalText(given.name, 'lecturer.name', LIMITS.personName),
    };
  }

  const classNames = new Set<string>();
  const classOfStudent = new Map<string, string>();
  const classes: AcademicClass[] = array(root.classes, 'classes', LIMITS.classes).map((item, i) => {
    const given = object(item, `classes[${i}]`);
    const className = text(given.name, `classes[${i}].name`, LIMITS.className);
    if (classNames.has(className)) throw malformed(`class ${className} is listed twice`);
    classNames.add(className);
    const students = array(given.students, `classes[${i}].students`, LIMITS.studentsPerClass).map(
      (entry, j) => {
        const path = `classes[${i}].students[${j}]`;
        const student = object(entry, path);
        const nim = text(student.nim, `${path}.nim`, LIMITS.number);
        const other = classOfStudent.get(nim);
        if (other !== undefined)
          throw malformed(
            other === className
              ? `student ${nim} is listed twice in class ${className}`
              : `student ${nim} is in class ${other} and in class ${className}`,
          );
        classOfStudent.set(nim, className);
        return { nim, name: optionalText(student.name, `${path}.name`, LIMITS.personName) };
      },
    );
    return { name: className, students };
  });
  if (classOfStudent.size > LIMITS.students)
    throw malformed(`it lists more than ${LIMITS.students} students`);
  return { code, name, year: root.year as number, type, lecturer, classes };
}

export interface HttpAcademicSystemOptions {
  /** Base URL of the academic system's course API (`ACADEMIC_SYNC_URL`). */
  url: string;
  /** Bearer token (`ACADEMIC_SYNC_TOKEN`). */
  token?: string;
  /** Budget of one call, answer included. */
  timeoutMs: number;
}

/**
 * The academic system over HTTP: `GET <url>/courses/<code>?year=…&type=…&campus_id=…` with
 * `Authorization: Bearer <token>`, answered 200 with the course as JSON or 404 when there is no
 * such course. Anything else (another status, a body that is not the course asked for, no answer
 * in time, no connection) is an `UpstreamError`; what went wrong is also logged with
 * the address, which the error's message leaves out.
 */
export class HttpAcademicSystem implements AcademicSystem {
  private readonly logger = new Logger('AcademicSystem');
  private readonly base: URL;

  constructor(private readonly options: HttpAcademicSystemOptions) {
    this.base = upstreamBase(options.url);
  }

  async fetchCourse(query: AcademicCourseQuery): Promise<AcademicCourse | null> {
    const url = new URL(`courses/${encodeURIComponent(query.code)}`, this.base);
    url.searchParams.set('year', String(query.year));
    url.searchParams.set('type', query.type);
    url.searchParams.set('campus_id', String(query.campusId));
    const call = {
      system: 'The academic system',
      url,
      token: this.options.token,
      tokenVariable: 'ACADEMIC_SYNC_TOKEN',
      timeoutMs: this.options.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
    };
    return askUpstream(call, this.logger, (answer) =>
      answer.status === 404 ? null : readAcademicCourse(upstreamJson(answer, call), query),
    );
  }
}

/** The configured academic system: over HTTP when `ACADEMIC_SYNC_URL` is set, else none. */
export function openAcademicSystem(config: CourseConfig): AcademicSystem {
  const { url, token, timeoutMs } = config.academicSync;
  return url ? new HttpAcademicSystem({ url, token, timeoutMs }) : new UnconfiguredAcademicSystem();
}
