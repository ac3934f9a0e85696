/**
 * Persistence of the files each course may use (`course_files`): recorded by uploads and by
 * copies into another course, required by content writes and by download links.
 */
import type { EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, unprocessable } from '@lms/jsonapi';
import type { Content } from './content.entity';
import { CourseFile } from './course-file.entity';

/** What the store measured of a file: the truth a file content shows, whatever a client sends. */
export interface StoredFacts {
  size: number;
  mime: string;
}

/** Records a file just uploaded to a course by the caller. */
export async function recordUpload(
  manager: EntityManager,
  auth: AuthContext,
  courseId: number,
  blobKey: string,
  facts: StoredFacts,
): Promise<void> {
  await manager.insert(CourseFile, {
    blobKey,
    courseId,
    tenantId: auth.tenantId,
    addedBy: auth.userId,
    origin: 'upload',
    size: facts.size,
    mime: facts.mime,
  });
}

/**
 * The facts of a file the caller may attach to a content of the course: one they uploaded to
 * it, or copied into it themselves. Any other key — another course's, another lecturer's, a
 * guessed one — is a 422 on `content`.
 */
export async function attachableFile(
  manager: EntityManager,
  auth: AuthContext,
  courseId: number,
  blobKey: string,
): Promise<StoredFacts> {
  const rows: StoredFacts[] = await manager.query(
    `SELECT size, mime FROM course_files
      WHERE blob_key = $1 AND course_id = $2 AND tenant_id = $3 AND added_by = $4`,
    [blobKey, courseId, auth.tenantId, auth.userId],
  );
  if (rows.length === 0) {
    throw unprocessable([
      {
        pointer: attributePointer('content'),
        detail: 'content must be the storage key of a file you uploaded to this course',
      },
    ]);
  }
  return { size: Number(rows[0].size), mime: rows[0].mime };
}

/** The course holds the file: the one condition for signing a link to it. */
export async function courseHoldsFile(
  manager: EntityManager,
  courseId: number,
  blobKey: string,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM course_files WHERE blob_key = $1 AND course_id = $2`,
    [blobKey, courseId],
  );
  return rows.length > 0;
}

/**
 * Lets `courseId` use the files of the file contents copied or moved into it, as the caller's
 * copies. A file only passes on what its source course holds: a content whose key its course
 * does not hold gives the target nothing (a copy launders no key).
 */
export async function shareFiles(
  manager: EntityManager,
  auth: AuthContext,
  sources: ReadonlyArray<Pick<Content, 'type' | 'content' | 'courseId'>>,
  courseId: number,
): Promise<void> {
  const files = sources.filter(
    (source) => source.type === 'file' && source.content !== null && source.courseId !== courseId,
  );
  if (files.length === 0) return;
  await manager.query(
    `INSERT INTO course_files (blob_key, course_id, tenant_id, added_by, origin, size, mime)
     SELECT DISTINCT f.blob_key, $1::bigint, f.tenant_id, $2::bigint, 'copy', f.size, f.mime
       FROM course_files f
       JOIN unnest($3::bigint[], $4::text[]) AS s(course_id, blob_key)
         ON f.course_id = s.course_id AND f.blob_key = s.blob_key
      WHERE f.tenant_id = $5
     ON CONFLICT DO NOTHING`,
    [
      courseId,
      auth.userId,
      files.map((file) => file.courseId),
      files.map((file) => file.content),
      auth.tenantId,
    ],
  );
}
