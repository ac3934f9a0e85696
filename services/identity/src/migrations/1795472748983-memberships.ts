import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The course memberships projection (who teaches and who studies in each course) and its backfill mark. */
export class Memberships1795472748983 implements MigrationInterface {
  name = 'Memberships1795472748983';

  async up(queryRunner: QueryRunner): Promise<void> {
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
      `CREATE TABLE "projection_backfills" ("name" character varying(100) NOT NULL, "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fc3f57e107319231768b0333e4a" PRIMARY KEY ("name"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "projection_backfills"`);
    await queryRunner.query(`DROP INDEX "public"."course_students_user_idx"`);
    await queryRunner.query(`DROP INDEX "public"."course_students_course_idx"`);
    await queryRunner.query(`DROP TABLE "course_students"`);
    await queryRunner.query(`DROP INDEX "public"."course_staff_user_idx"`);
    await queryRunner.query(`DROP TABLE "course_staff"`);
    await queryRunner.query(`DROP TABLE "course_rosters"`);
  }
}
