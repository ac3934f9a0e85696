import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NotificationLanguages1795575356808 implements MigrationInterface {
  name = 'NotificationLanguages1795575356808';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "campus_languages" ("tenant_id" bigint NOT NULL, "default_language" character varying(8), "source_updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_5f98d22178556f9c560766c2780" PRIMARY KEY ("tenant_id"))`,
    );
    await queryRunner.query(`ALTER TABLE "notification_settings" ADD "language" character varying(8)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_settings" DROP COLUMN "language"`);
    await queryRunner.query(`DROP TABLE "campus_languages"`);
  }
}
