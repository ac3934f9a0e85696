import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The courses and classes projection (`course.course.upserted`), as `@lms/projections` shapes it:
 * the classes a users import places students in, by name.
 */
export class CourseClasses1795552839547 implements MigrationInterface {
  name = 'CourseClasses1795552839547';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "courses" ("id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "name" character varying(255) NOT NULL, "code" character varying(50), "period_id" bigint, "period_name" character varying(100), "period_year" integer, "period_type" character varying(20), "is_active" boolean NOT NULL, "start_at" TIMESTAMP WITH TIME ZONE, "end_at" TIMESTAMP WITH TIME ZONE, "as_of" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_3f70a487cc718ad8eda4e6d58c9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "courses_tenant_idx" ON "courses"  ("tenant_id") `);
    await queryRunner.query(
      `CREATE TABLE "course_classes" ("id" bigint NOT NULL, "course_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "name" character varying(100) NOT NULL, CONSTRAINT "PK_05ac0244dd8944211770d0cda55" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "course_classes_course_idx" ON "course_classes"  ("course_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."course_classes_course_idx"`);
    await queryRunner.query(`DROP TABLE "course_classes"`);
    await queryRunner.query(`DROP INDEX "public"."courses_tenant_idx"`);
    await queryRunner.query(`DROP TABLE "courses"`);
  }
}
