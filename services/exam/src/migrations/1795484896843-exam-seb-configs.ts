import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ExamSebConfigs1795484896843 implements MigrationInterface {
  name = 'ExamSebConfigs1795484896843';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "exam_seb_configs" ("exam_id" bigint NOT NULL, "tenant_id" bigint NOT NULL, "quit_password" character varying(32) NOT NULL, "start_url" text NOT NULL, "config_key" character(64) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1b8221ac02b6f99a15bdab995ad" PRIMARY KEY ("exam_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "exam_seb_configs"`);
  }
}
