import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Modules and activities are archived (`deleted_at`) instead of deleted, with what they hold:
 * `archived_with_module` / `archived_with_activity` mark the activities and contents their
 * archiving took along, which their restore brings back (and nothing archived before).
 */
export class ArchiveStructure1795484285462 implements MigrationInterface {
  name = 'ArchiveStructure1795484285462';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "activities" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "activities" ADD "archived_with_module" bigint`);
    await queryRunner.query(`ALTER TABLE "modules" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "contents" ADD "archived_with_module" bigint`);
    await queryRunner.query(`ALTER TABLE "contents" ADD "archived_with_activity" bigint`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contents" DROP COLUMN "archived_with_activity"`);
    await queryRunner.query(`ALTER TABLE "contents" DROP COLUMN "archived_with_module"`);
    await queryRunner.query(`ALTER TABLE "modules" DROP COLUMN "deleted_at"`);
    await queryRunner.query(`ALTER TABLE "activities" DROP COLUMN "archived_with_module"`);
    await queryRunner.query(`ALTER TABLE "activities" DROP COLUMN "deleted_at"`);
  }
}
