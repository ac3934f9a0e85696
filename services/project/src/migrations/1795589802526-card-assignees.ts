import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CardAssignees1795589802526 implements MigrationInterface {
  name = 'CardAssignees1795589802526';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "board_card_assignees" ("card_id" bigint NOT NULL, "user_id" bigint NOT NULL, "project_id" bigint NOT NULL, "assigned_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2a1feaac49047639d24e82cb492" PRIMARY KEY ("card_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "board_card_assignees_user_idx" ON "board_card_assignees"  ("user_id", "card_id") `,
    );
    await queryRunner.query(`ALTER TABLE "board_cards" ADD "due_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "board_card_assignees" ADD CONSTRAINT "FK_17b64ab6382be1b317e459eb708" FOREIGN KEY ("card_id") REFERENCES "board_cards"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "board_card_assignees" ADD CONSTRAINT "FK_64eef2edf5365be8f909a433750" FOREIGN KEY ("project_id", "user_id") REFERENCES "project_members"("project_id","user_id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "board_card_assignees" DROP CONSTRAINT "FK_64eef2edf5365be8f909a433750"`,
    );
    await queryRunner.query(
      `ALTER TABLE "board_card_assignees" DROP CONSTRAINT "FK_17b64ab6382be1b317e459eb708"`,
    );
    await queryRunner.query(`ALTER TABLE "board_cards" DROP COLUMN "due_at"`);
    await queryRunner.query(`DROP INDEX "public"."board_card_assignees_user_idx"`);
    await queryRunner.query(`DROP TABLE "board_card_assignees"`);
  }
}
