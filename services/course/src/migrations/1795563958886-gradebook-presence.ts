import type { MigrationInterface, QueryRunner } from 'typeorm';

export class GradebookPresence1795563958886 implements MigrationInterface {
  name = 'GradebookPresence1795563958886';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "presence_session_facts" ("id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "course_id" bigint NOT NULL, "class_id" bigint NOT NULL, "start_at" TIMESTAMP WITH TIME ZONE NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, "as_of" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_de622900fee60d7b3f082c99bf1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "presence_session_facts_course_idx" ON "presence_session_facts"  ("course_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "presence_session_marks" ("session_id" bigint NOT NULL, "user_id" bigint NOT NULL, "course_id" bigint NOT NULL, "type" character varying(8), CONSTRAINT "PK_a8edd0f4c8d21b7f1c6b626093a" PRIMARY KEY ("session_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "presence_session_marks_course_idx" ON "presence_session_marks"  ("course_id", "user_id") `,
    );
    await queryRunner.query(`ALTER TABLE "courses" ADD "gradebook_presence" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses" DROP COLUMN "gradebook_presence"`);
    await queryRunner.query(`DROP INDEX "public"."presence_session_marks_course_idx"`);
    await queryRunner.query(`DROP TABLE "presence_session_marks"`);
    await queryRunner.query(`DROP INDEX "public"."presence_session_facts_course_idx"`);
    await queryRunner.query(`DROP TABLE "presence_session_facts"`);
  }
}
