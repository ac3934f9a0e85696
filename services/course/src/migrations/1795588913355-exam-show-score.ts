import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ExamShowScore1795588913355 implements MigrationInterface {
  name = 'ExamShowScore1795588913355';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "exam_projections" ADD "is_show_score" boolean NOT NULL DEFAULT false`,
    );
    // The exams known so far are asked for again (ProjectionsBackfill, on the next start), so the
    // released scores of exams nobody changes since are not hidden for ever.
    await queryRunner.query(`DELETE FROM "projection_backfills" WHERE "name" = 'exam.exam'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "exam_projections" DROP COLUMN "is_show_score"`);
  }
}
