import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Courses by code within the campus (and period): `filter[code]` and the academic-system sync. */
export class CoursesTenantCode1795431085147 implements MigrationInterface {
  name = 'CoursesTenantCode1795431085147';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "courses_tenant_code_idx" ON "courses"  ("tenant_id", "code", "period_id") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."courses_tenant_code_idx"`);
  }
}
