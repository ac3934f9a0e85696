import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InterfacePreferences1795481511268 implements MigrationInterface {
  name = 'InterfacePreferences1795481511268';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenants" ADD "default_language" character varying(8)`);
    await queryRunner.query(`ALTER TABLE "users" ADD "language" character varying(8)`);
    await queryRunner.query(`ALTER TABLE "users" ADD "theme" character varying(16)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "theme"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "language"`);
    await queryRunner.query(`ALTER TABLE "tenants" DROP COLUMN "default_language"`);
  }
}
