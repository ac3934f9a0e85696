import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CardCompletionReminders1795596845953 implements MigrationInterface {
  name = 'CardCompletionReminders1795596845953';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "board_cards" ADD "completed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "board_cards" ADD "reminded_due_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "board_cards_due_idx" ON "board_cards"  ("due_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."board_cards_due_idx"`);
    await queryRunner.query(`ALTER TABLE "board_cards" DROP COLUMN "reminded_due_at"`);
    await queryRunner.query(`ALTER TABLE "board_cards" DROP COLUMN "completed_at"`);
  }
}
