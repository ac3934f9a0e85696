import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ExamImages1795495813943 implements MigrationInterface {
  name = 'ExamImages1795495813943';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "exam_images" ("blob_key" character varying(300) NOT NULL, "tenant_id" bigint NOT NULL, "course_id" bigint NOT NULL, "added_by" bigint NOT NULL, "size" bigint NOT NULL, "mime" character varying(100) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3639402a88946aff3f8ce6cf9c6" PRIMARY KEY ("blob_key"))`,
    );
    await queryRunner.query(`CREATE INDEX "exam_images_course_idx" ON "exam_images"  ("course_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."exam_images_course_idx"`);
    await queryRunner.query(`DROP TABLE "exam_images"`);
  }
}
