import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ExamShowScore1795588913355 implements MigrationInterface {
  name = 'ExamShowScore1795588913355';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "exam_projections" ADD "is_show_score" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "exam_projections" DROP COLUMN "is_show_score"`);
  }
}
