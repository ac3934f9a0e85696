import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Gradeables1795516437406 implements MigrationInterface {
  name = 'Gradeables1795516437406';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "projection_backfills" ("name" character varying(100) NOT NULL, "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fc3f57e107319231768b0333e4a" PRIMARY KEY ("name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "exam_projections" ("id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "course_id" bigint NOT NULL, "activity_id" bigint, "title" character varying(255) NOT NULL, "exams_type" character varying(50), "start_at" TIMESTAMP WITH TIME ZONE, "end_at" TIMESTAMP WITH TIME ZONE, "is_published" boolean NOT NULL DEFAULT false, "is_finished" boolean NOT NULL DEFAULT false, "passing_grade" numeric(5,2) NOT NULL DEFAULT '0', "duration" integer, "class_ids" bigint array NOT NULL DEFAULT '{}', "deleted" boolean NOT NULL DEFAULT false, "as_of" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c76d05b7dee350868ad953d0a91" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "exam_projections_course_idx" ON "exam_projections"  ("course_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "exam_attempt_scores" ("student_exam_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "exam_id" bigint NOT NULL, "course_id" bigint NOT NULL, "student_id" bigint NOT NULL, "attempt" integer NOT NULL, "score" numeric(5,2) NOT NULL, "pending" integer NOT NULL DEFAULT '0', "is_passed" boolean, "as_of" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_66f28ae83da683b75e4bc930126" PRIMARY KEY ("student_exam_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "exam_attempt_scores_course_idx" ON "exam_attempt_scores"  ("course_id", "exam_id", "student_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "task_answers_scored" ("answer_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "task_id" bigint NOT NULL, "course_id" bigint NOT NULL, "group_id" bigint, "score" numeric(5,2) NOT NULL, "as_of" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a15b035340bb08ad7b9f84e13cc" PRIMARY KEY ("answer_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "task_answer_scores" ("answer_id" bigint NOT NULL, "student_id" bigint NOT NULL, "task_id" bigint NOT NULL, "course_id" bigint NOT NULL, "score" numeric(5,2) NOT NULL, CONSTRAINT "PK_ecf193823921db2d6a106697a5d" PRIMARY KEY ("answer_id", "student_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "task_answer_scores_course_idx" ON "task_answer_scores"  ("course_id", "task_id", "student_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "task_projections" ("id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "course_id" bigint NOT NULL, "taskable_type" character varying(16) NOT NULL, "taskable_id" bigint NOT NULL, "title" character varying(255) NOT NULL, "tasks_type" character varying(16) NOT NULL, "assessment_method" character varying(16) NOT NULL, "start_at" TIMESTAMP WITH TIME ZONE, "end_at" TIMESTAMP WITH TIME ZONE, "passing_grade" numeric(5,2) NOT NULL DEFAULT '0', "is_active" boolean NOT NULL DEFAULT true, "show_score" boolean NOT NULL DEFAULT false, "all_class" boolean NOT NULL DEFAULT true, "class_ids" bigint array NOT NULL DEFAULT '{}', "deleted" boolean NOT NULL DEFAULT false, "as_of" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_784c53355f1f3b0c79510b18fb3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "task_projections_course_idx" ON "task_projections"  ("course_id", "id") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."task_projections_course_idx"`);
    await queryRunner.query(`DROP TABLE "task_projections"`);
    await queryRunner.query(`DROP INDEX "public"."task_answer_scores_course_idx"`);
    await queryRunner.query(`DROP TABLE "task_answer_scores"`);
    await queryRunner.query(`DROP TABLE "task_answers_scored"`);
    await queryRunner.query(`DROP INDEX "public"."exam_attempt_scores_course_idx"`);
    await queryRunner.query(`DROP TABLE "exam_attempt_scores"`);
    await queryRunner.query(`DROP INDEX "public"."exam_projections_course_idx"`);
    await queryRunner.query(`DROP TABLE "exam_projections"`);
    await queryRunner.query(`DROP TABLE "projection_backfills"`);
  }
}
