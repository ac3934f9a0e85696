import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The global search (src/search): a GIN index over the searched text of each searched table
 * (`simple` configuration, title words weighted A, body words B, rich text without its tags) —
 * the expressions of `SEARCH_VECTORS`, written the same so the planner uses them.
 */
export class SearchIndexes1795588913596 implements MigrationInterface {
  name = 'SearchIndexes1795588913596';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "courses_search_idx" ON "courses" USING gin ((setweight(to_tsvector('simple', name || ' ' || coalesce(code, '')), 'A') || setweight(to_tsvector('simple', regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'B')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "contents_search_idx" ON "contents" USING gin ((setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', CASE WHEN type = 'text' THEN regexp_replace(coalesce(content, ''), '<[^>]*>', ' ', 'g') ELSE '' END), 'B')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "exam_projections_search_idx" ON "exam_projections" USING gin (setweight(to_tsvector('simple', title), 'A'))`,
    );
    await queryRunner.query(
      `CREATE INDEX "task_projections_search_idx" ON "task_projections" USING gin (setweight(to_tsvector('simple', title), 'A'))`,
    );
    await queryRunner.query(
      `CREATE INDEX "threads_search_idx" ON "threads" USING gin ((setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', regexp_replace(coalesce(body, ''), '<[^>]*>', ' ', 'g')), 'B')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "users_search_idx" ON "users" USING gin (setweight(to_tsvector('simple', name), 'A'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."users_search_idx"`);
    await queryRunner.query(`DROP INDEX "public"."threads_search_idx"`);
    await queryRunner.query(`DROP INDEX "public"."task_projections_search_idx"`);
    await queryRunner.query(`DROP INDEX "public"."exam_projections_search_idx"`);
    await queryRunner.query(`DROP INDEX "public"."contents_search_idx"`);
    await queryRunner.query(`DROP INDEX "public"."courses_search_idx"`);
  }
}
