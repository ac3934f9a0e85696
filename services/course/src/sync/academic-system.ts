import { UpstreamError } from '@lms/platform';

/**
 * The port to the university's academic information system (SIAKAD-like): the one place that
 * knows which courses run in a semester, who teaches them, and which students sit in which class.
 * The course service reads one course from it at a time, when a lecturer or an admin asks for a
 * sync; `HttpAcademicSystem` is its adapter.
 */

/** Injection token of the course service's academic system. */
export const ACADEMIC_SYSTEM = Symbol('ACADEMIC_SYSTEM');

/** Which course to read: the campus asking, the semester (year and period type) and the code. */
export interface AcademicCourseQuery {
  campusId: number;
  year: number;
  /** The period type as the campus's periods spell it (`GANJIL`, `GENAP`, …). */
  type: string;
  code: string;
}

export interface AcademicStudent {
  /** Student number (NIM): how a student is matched to a user of the campus. */
  nim: string;
  name: string | null;
}

export interface AcademicClass {
  /** Unique within the course; how a class is matched to a class of the LMS course. */
  name: string;
  students: AcademicStudent[];
}

export interface AcademicCourse {
  code: string;
  name: string;
  year: number;
  type: string;
  /** The lecturer in charge; NIDN is how they are matched to a lecturer of the campus. */
  lecturer: { nidn: string; name: string | null } | null;
  /** A student appears in one class only. */
  classes: AcademicClass[];
}

export interface AcademicSystem {
  /**
   * The course as the academic system has it, or null when it has no such course in that
   * semester. Throws an `UpstreamError` (@lms/platform) when it cannot tell.
   */
  fetchCourse(query: AcademicCourseQuery): Promise<AcademicCourse | null>;
}

/** What the service uses when `ACADEMIC_SYNC_URL` is not set: every sync is refused, clearly. */
export class UnconfiguredAcademicSystem implements AcademicSystem {
  fetchCourse(): Promise<AcademicCourse | null> {
    return Promise.reject(
      new UpstreamError(
        'not-configured',
        'No academic system is configured for this deployment (ACADEMIC_SYNC_URL): courses cannot be synced',
      ),
    );
  }
}
