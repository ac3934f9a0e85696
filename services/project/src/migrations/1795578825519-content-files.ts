import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ContentFiles1795578825519 implements MigrationInterface {
  name = 'ContentFiles1795578825519';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "project_contents" ADD "file" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "project_contents" DROP COLUMN "file"`);
  }
}
