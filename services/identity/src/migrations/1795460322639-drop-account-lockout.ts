import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DropAccountLockout1795460322639 implements MigrationInterface {
  name = 'DropAccountLockout1795460322639';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "failed_logins"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "locked_until"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "locked_until" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "failed_logins" integer NOT NULL DEFAULT '0'`);
  }
}
