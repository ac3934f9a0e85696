import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CourseFaculty1795541132393 implements MigrationInterface {
  name = 'CourseFaculty1795541132393';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses" ADD "faculty_id" bigint`);
    await queryRunner.query(`CREATE INDEX "courses_faculty_idx" ON "courses"  ("faculty_id") `);
    await queryRunner.query(
      `ALTER TABLE "courses" ADD CONSTRAINT "FK_97edc6c2889396d51502390070a" FOREIGN KEY ("faculty_id") REFERENCES "faculties"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses" DROP CONSTRAINT "FK_97edc6c2889396d51502390070a"`);
    await queryRunner.query(`DROP INDEX "public"."courses_faculty_idx"`);
    await queryRunner.query(`ALTER TABLE "courses" DROP COLUMN "faculty_id"`);
  }
}
