import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The files each course may use (`course_files`), and the backfill from existing file contents:
 * a key under the content's own course's prefix counts as uploaded to it; a key of another
 * course of the campus counts as copied only when that course holds it and the content's author
 * teaches that course (what a copy or move required). Any other key (hand-written, or pointing at
 * a course its author never taught) is not recorded, so its content no longer downloads.
 */
export class CourseFiles1795471833686 implements MigrationInterface {
  name = 'CourseFiles1795471833686';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "course_files" ("blob_key" text NOT NULL, "course_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "added_by" bigint, "origin" character varying(10) NOT NULL, "size" bigint NOT NULL, "mime" character varying(255) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fc15a9f3a54a04e8644b192001f" PRIMARY KEY ("blob_key", "course_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "course_files_course_added_by_idx" ON "course_files"  ("course_id", "added_by") `,
    );
    await queryRunner.query(
      `ALTER TABLE "course_files" ADD CONSTRAINT "FK_5e5cd49d12104846584310b2d05" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`INSERT INTO course_files (blob_key, course_id, tenant_id, added_by, origin, size, mime, created_at)
      SELECT DISTINCT ON (c.content, c.course_id) c.content, c.course_id, c.tenant_id, c.created_by, 'upload',
             COALESCE(c.size, 0), COALESCE(c.mime, 'application/octet-stream'), c.created_at
        FROM contents c
       WHERE c.type = 'file' AND c.content LIKE 'course/' || c.tenant_id || '/' || c.course_id || '/%'
       ORDER BY c.content, c.course_id, c.created_at`);
    await queryRunner.query(`INSERT INTO course_files (blob_key, course_id, tenant_id, added_by, origin, size, mime, created_at)
      SELECT DISTINCT ON (c.content, c.course_id) c.content, c.course_id, c.tenant_id, c.created_by, 'copy',
             source.size, source.mime, c.created_at
        FROM contents c
        JOIN course_files source ON source.blob_key = c.content AND source.course_id <> c.course_id
        JOIN courses origin_course ON origin_course.id = source.course_id AND origin_course.tenant_id = c.tenant_id
       WHERE c.type = 'file'
         AND (origin_course.lecturer_id = c.created_by OR EXISTS (SELECT 1 FROM course_assistants ca
               WHERE ca.course_id = origin_course.id AND ca.user_id = c.created_by))
       ORDER BY c.content, c.course_id, c.created_at
      ON CONFLICT DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "course_files" DROP CONSTRAINT "FK_5e5cd49d12104846584310b2d05"`);
    await queryRunner.query(`DROP INDEX "public"."course_files_course_added_by_idx"`);
    await queryRunner.query(`DROP TABLE "course_files"`);
  }
}
