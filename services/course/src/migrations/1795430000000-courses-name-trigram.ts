import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Course search (`filter[name][like]`, an ILIKE '%…%') through a trigram index instead of a scan
 * of every course of the campus (bench/course-list: count 10 ms → 1.6 ms over 10 000 courses).
 * pg_trgm is a trusted extension: the service's own database user may create it.
 */
export class CoursesNameTrigram1795430000000 implements MigrationInterface {
  name = 'CoursesNameTrigram1795430000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE INDEX "courses_name_trgm_idx" ON "courses" USING gin ("name" gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "courses_name_trgm_idx"`);
  }
}
