import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox's order: `seq`, an identity column, numbers the rows in the order they were
 * written (within a transaction and across transactions), and the relay publishes by it.
 * `created_at` is the transaction's start time — one value for every event of a transaction —
 * and the ids are random, so ordering by them shuffled a transaction's events. The rows already
 * there are numbered in that old order (the best there is for them). Listed in each service's
 * migrations after `EventsTables1763800000000`.
 */
export class OutboxOrder1795533482436 implements MigrationInterface {
  name = 'OutboxOrder1795533482436';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" ADD "seq" bigint`);
    await queryRunner.query(
      `UPDATE "outbox" SET "seq" = numbered.n
         FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "outbox") numbered
        WHERE "outbox".id = numbered.id`,
    );
    await queryRunner.query(`ALTER TABLE "outbox" ALTER COLUMN "seq" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "outbox" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY`);
    await queryRunner.query(
      `SELECT setval(pg_get_serial_sequence('"outbox"', 'seq'), coalesce(max("seq"), 0) + 1, false) FROM "outbox"`,
    );
    await queryRunner.query(`DROP INDEX "outbox_unpublished_idx"`);
    await queryRunner.query(
      `CREATE INDEX "outbox_unpublished_idx" ON "outbox" ("seq") WHERE published_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "outbox_unpublished_idx"`);
    await queryRunner.query(
      `CREATE INDEX "outbox_unpublished_idx" ON "outbox" ("created_at") WHERE published_at IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE "outbox" DROP COLUMN "seq"`);
  }
}
