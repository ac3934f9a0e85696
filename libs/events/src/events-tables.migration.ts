import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox and inbox tables every service carries; listed in each service's migrations. */
export class EventsTables1763800000000 implements MigrationInterface {
  name = 'EventsTables1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "outbox" (
      "id" uuid NOT NULL,
      "topic" character varying(200) NOT NULL,
      "type" character varying(200) NOT NULL,
      "partition_key" character varying(200) NOT NULL,
      "envelope" jsonb NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "published_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_outbox" PRIMARY KEY ("id"))`);
    await queryRunner.query(
      `CREATE INDEX "outbox_unpublished_idx" ON "outbox" ("created_at") WHERE published_at IS NULL`,
    );
    await queryRunner.query(`CREATE TABLE "inbox" (
      "event_id" uuid NOT NULL,
      "consumer" character varying(100) NOT NULL,
      "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_inbox" PRIMARY KEY ("event_id", "consumer"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "inbox"`);
    await queryRunner.query(`DROP INDEX "outbox_unpublished_idx"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
