import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SingleSignOn1795541490886 implements MigrationInterface {
  name = 'SingleSignOn1795541490886';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sso_attempts" ("state_hash" character(64) NOT NULL, "tenant_id" bigint NOT NULL, "nonce" character varying(100) NOT NULL, "code_verifier" character varying(128) NOT NULL, "redirect_uri" character varying(600) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a7fd4ee59754764e961ebc15393" PRIMARY KEY ("state_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "sso_attempts_expires_idx" ON "sso_attempts"  ("expires_at") `);
    await queryRunner.query(
      `CREATE TABLE "sso_sessions" ("family" uuid NOT NULL, "tenant_id" bigint NOT NULL, "user_id" bigint NOT NULL, "issuer" character varying(500) NOT NULL, "subject" character varying(255) NOT NULL, "provider_session_id" character varying(255), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_30cf815c39160fae9487b769a47" PRIMARY KEY ("family"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "sso_sessions_sid_idx" ON "sso_sessions"  ("tenant_id", "issuer", "provider_session_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "sso_sessions_subject_idx" ON "sso_sessions"  ("tenant_id", "issuer", "subject") `,
    );
    await queryRunner.query(`ALTER TABLE "tenants" ADD "sso" jsonb`);
    await queryRunner.query(`ALTER TABLE "tenants" ADD "sso_client_secret" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenants" DROP COLUMN "sso_client_secret"`);
    await queryRunner.query(`ALTER TABLE "tenants" DROP COLUMN "sso"`);
    await queryRunner.query(`DROP INDEX "public"."sso_sessions_subject_idx"`);
    await queryRunner.query(`DROP INDEX "public"."sso_sessions_sid_idx"`);
    await queryRunner.query(`DROP TABLE "sso_sessions"`);
    await queryRunner.query(`DROP INDEX "public"."sso_attempts_expires_idx"`);
    await queryRunner.query(`DROP TABLE "sso_attempts"`);
  }
}
