import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Join tokens unique per campus (`enrolment_tokens.tenant_id`, unique with the token), so the
 * token alone names the class a student joins. Existing tokens take their window's campus; a
 * token that another class of the campus already holds (kept: the lowest id) gets a fresh one
 * from the same alphabet (no 0/O, 1/I/L).
 */
export class EnrolmentTokensUnique1795481210108 implements MigrationInterface {
  name = 'EnrolmentTokensUnique1795481210108';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "enrolment_tokens" ADD "tenant_id" bigint`);
    await queryRunner.query(`UPDATE enrolment_tokens t SET tenant_id = w.tenant_id
       FROM enrolment_windows w WHERE w.id = t.window_id`);
    await queryRunner.query(`ALTER TABLE "enrolment_tokens" ALTER COLUMN "tenant_id" SET NOT NULL`);
    await queryRunner.query(`UPDATE enrolment_tokens t SET token = (
         SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + floor(random() * 31)::int, 1), '')
           FROM generate_series(1, 8) WHERE t.id IS NOT NULL)
       WHERE EXISTS (SELECT 1 FROM enrolment_tokens o
                      WHERE o.tenant_id = t.tenant_id AND o.token = t.token AND o.id < t.id)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "enrolment_tokens_tenant_token_uq" ON "enrolment_tokens"  ("tenant_id", "token") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."enrolment_tokens_tenant_token_uq"`);
    await queryRunner.query(`ALTER TABLE "enrolment_tokens" DROP COLUMN "tenant_id"`);
  }
}
