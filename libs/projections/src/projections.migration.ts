import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The projection tables of @lms/projections, for a service that keeps all of them (its
 * MIGRATIONS list this after EventsTables). A later change of the tables comes as another
 * migration here, appended to those lists.
 */
export class ProjectionTables1795481547098 implements MigrationInterface {
  name = 'ProjectionTables1795481547098';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "course_structures" ("course_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "as_of" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a7338dae02f79922eee15151f48" PRIMARY KEY ("course_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "course_modules" ("id" bigint NOT NULL, "course_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "name" character varying(255) NOT NULL, "index" integer NOT NULL, "is_active" boolean NOT NULL, CONSTRAINT "PK_4c195db0718e8845a6e09075ebc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "course_modules_course_idx" ON "course_modules"  ("course_id") `);
    await queryRunner.query(
      `CREATE TABLE "course_activities" ("id" bigint NOT NULL, "module_id" bigint NOT NULL, "course_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "parent_id" bigint, "name" character varying(255) NOT NULL, "index" integer NOT NULL, "is_active" boolean NOT NULL, CONSTRAINT "PK_b7e7036f6ccbdd65f5656691152" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "course_activities_course_idx" ON "course_activities"  ("course_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "course_classes" ("id" bigint NOT NULL, "course_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "name" character varying(100) NOT NULL, CONSTRAINT "PK_05ac0244dd8944211770d0cda55" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "course_classes_course_idx" ON "course_classes"  ("course_id") `);
    await queryRunner.query(
      `CREATE TABLE "course_rosters" ("course_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "staff_as_of" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_7548bf05537fe42441409f7f070" PRIMARY KEY ("course_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "course_staff" ("course_id" bigint NOT NULL, "user_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "role" character varying(10) NOT NULL, CONSTRAINT "PK_fcaaefc5e2917cc63a5bc177e42" PRIMARY KEY ("course_id", "user_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "course_staff_user_idx" ON "course_staff"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "course_students" ("class_id" bigint NOT NULL, "user_id" bigint NOT NULL, "course_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "enrolled" boolean NOT NULL, "as_of" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_6a9312813408bfe4da73c217d09" PRIMARY KEY ("class_id", "user_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "course_students_course_idx" ON "course_students"  ("course_id") `);
    await queryRunner.query(`CREATE INDEX "course_students_user_idx" ON "course_students"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "courses" ("id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "name" character varying(255) NOT NULL, "code" character varying(50), "period_id" bigint, "period_name" character varying(100), "period_year" integer, "period_type" character varying(20), "is_active" boolean NOT NULL, "start_at" TIMESTAMP WITH TIME ZONE, "end_at" TIMESTAMP WITH TIME ZONE, "as_of" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_3f70a487cc718ad8eda4e6d58c9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "courses_tenant_idx" ON "courses"  ("tenant_id") `);
    await queryRunner.query(
      `CREATE TABLE "projection_backfills" ("name" character varying(100) NOT NULL, "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fc3f57e107319231768b0333e4a" PRIMARY KEY ("name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "tenants" ("id" bigint NOT NULL, "domain" character varying(253) NOT NULL, "name" character varying(200) NOT NULL, "time_zone" character varying(64) NOT NULL, "source_updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_53be67a04681c66b87ee27c9321" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "tenants_domain_uq" ON "tenants"  ("domain") `);
    await queryRunner.query(
      `CREATE TABLE "users" ("id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "username" character varying(100) NOT NULL, "name" character varying(200) NOT NULL, "thumbnail" character varying(500), "role" character varying(16) NOT NULL, "active" boolean NOT NULL, "nidn" character varying(32), "nim" character varying(32), "source_updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "users_tenant_name_idx" ON "users"  ("tenant_id", "name") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."users_tenant_name_idx"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP INDEX "public"."tenants_domain_uq"`);
    await queryRunner.query(`DROP TABLE "tenants"`);
    await queryRunner.query(`DROP TABLE "projection_backfills"`);
    await queryRunner.query(`DROP INDEX "public"."courses_tenant_idx"`);
    await queryRunner.query(`DROP TABLE "courses"`);
    await queryRunner.query(`DROP INDEX "public"."course_students_user_idx"`);
    await queryRunner.query(`DROP INDEX "public"."course_students_course_idx"`);
    await queryRunner.query(`DROP TABLE "course_students"`);
    await queryRunner.query(`DROP INDEX "public"."course_staff_user_idx"`);
    await queryRunner.query(`DROP TABLE "course_staff"`);
    await queryRunner.query(`DROP TABLE "course_rosters"`);
    await queryRunner.query(`DROP INDEX "public"."course_classes_course_idx"`);
    await queryRunner.query(`DROP TABLE "course_classes"`);
    await queryRunner.query(`DROP INDEX "public"."course_activities_course_idx"`);
    await queryRunner.query(`DROP TABLE "course_activities"`);
    await queryRunner.query(`DROP INDEX "public"."course_modules_course_idx"`);
    await queryRunner.query(`DROP TABLE "course_modules"`);
    await queryRunner.query(`DROP TABLE "course_structures"`);
  }
}
