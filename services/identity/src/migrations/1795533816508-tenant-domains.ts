import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TenantDomains1795533816508 implements MigrationInterface {
  name = 'TenantDomains1795533816508';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "tenant_domains" ("domain" character varying(253) NOT NULL, "tenant_id" bigint NOT NULL, CONSTRAINT "PK_114ca3e45874f37ae9fef0ea6b5" PRIMARY KEY ("domain"))`,
    );
    await queryRunner.query(`CREATE INDEX "tenant_domains_tenant_idx" ON "tenant_domains"  ("tenant_id") `);
    await queryRunner.query(
      `ALTER TABLE "tenant_domains" ADD CONSTRAINT "FK_3fb0c5327fd96e396af091cb99a" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenant_domains" DROP CONSTRAINT "FK_3fb0c5327fd96e396af091cb99a"`);
    await queryRunner.query(`DROP INDEX "public"."tenant_domains_tenant_idx"`);
    await queryRunner.query(`DROP TABLE "tenant_domains"`);
  }
}
