import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The course's sets of groups as the task service knows them (`course.groups.changed`). */
export class CourseGroupSets1795517111334 implements MigrationInterface {
  name = 'CourseGroupSets1795517111334';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "course_group_sets" ("course_id" bigint NOT NULL, "type" character varying(100) NOT NULL, "tenant_id" bigint NOT NULL, "groups" jsonb NOT NULL, "as_of" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c5675042bfbfbb8cf8e7948dfa7" PRIMARY KEY ("course_id", "type"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "course_group_sets"`);
  }
}
