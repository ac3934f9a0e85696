import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ID token of a sign-in through the campus's provider: the hint of the provider's logout. */
export class SsoIdToken1795553697154 implements MigrationInterface {
  name = 'SsoIdToken1795553697154';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sso_sessions" ADD "id_token" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sso_sessions" DROP COLUMN "id_token"`);
  }
}
