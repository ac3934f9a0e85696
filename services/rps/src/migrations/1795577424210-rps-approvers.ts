import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RpsApprovers1795577424210 implements MigrationInterface {
  name = 'RpsApprovers1795577424210';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "rps_approvers" ("tenant_id" bigint NOT NULL, "user_id" bigint NOT NULL, "created_by" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fabc28902c8a02976cee27efeaf" PRIMARY KEY ("tenant_id", "user_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rps_approvers"`);
  }
}
