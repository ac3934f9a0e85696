import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ExamForeignKeys1795486410265 implements MigrationInterface {
  name = 'ExamForeignKeys1795486410265';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "questions" ADD CONSTRAINT "FK_f912d2c24bc84f66e0a40b1c169" FOREIGN KEY ("exam_id") REFERENCES "exams"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "exam_seb_configs" ADD CONSTRAINT "FK_1b8221ac02b6f99a15bdab995ad" FOREIGN KEY ("exam_id") REFERENCES "exams"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "exam_seb_configs" DROP CONSTRAINT "FK_1b8221ac02b6f99a15bdab995ad"`,
    );
    await queryRunner.query(`ALTER TABLE "questions" DROP CONSTRAINT "FK_f912d2c24bc84f66e0a40b1c169"`);
  }
}
