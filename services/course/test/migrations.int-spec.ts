import { DataSource } from 'typeorm';
import { createTestDatabase, checkMigrations } from '@lms/testing';
import { ENTITIES } from '../src/entities';
import { MIGRATIONS } from '../src/migrations';
import { CourseFiles1795471833686 } from '../src/migrations/1795471833686-course-files';
import { EnrolmentTokensUnique1795481210108 } from '../src/migrations/1795481210108-enrolment-tokens-unique';

describe('course migrations', () => {
  it('match the entities exactly and revert cleanly', async () => {
    const { drift, tablesAfterRevert } = await checkMigrations({
      service: 'course',
      entities: ENTITIES,
      migrations: MIGRATIONS,
    });
    expect(drift).toEqual([]);
    expect(tablesAfterRevert).toEqual(['migrations']);
  });

  it('records the files of existing file contents: own uploads and their teachers’ copies, never other keys', async () => {
    const db = await createTestDatabase('course_files');
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(CourseFiles1795471833686));
    const ds = new DataSource({ type: 'postgres', url: db.url, migrations: before });
    try {
      await ds.initialize();
      await ds.runMigrations();
      const course = async (lecturer: number) =>
        (
          (await ds.query(
            `INSERT INTO courses (tenant_id, name, lecturer_id) VALUES (1, 'C', $1) RETURNING id`,
            [lecturer],
          )) as Array<{ id: string }>
        )[0].id;
      const x = await course(10);
      const y = await course(10);
      const z = await course(20);
      const content = (courseId: string, key: string, author: number) =>
        ds.query(
          `INSERT INTO contents (tenant_id, course_id, contentable_type, contentable_id, name, type, content, size, mime, created_by)
           VALUES (1, $1, 'courses', $1, 'f', 'file', $2, 7, 'application/pdf', $3)`,
          [courseId, key, author],
        );
      const own = `course/1/${x}/a`;
      await content(x, own, 10); // uploaded to X
      await content(y, own, 10); // copied into Y by X's lecturer
      await content(z, own, 20); // pointed at by Z's lecturer, who never taught X
      await content(x, `course/2/${x}/b`, 10); // another campus's part of the store
      await content(x, `course/1/${y}/never-held`, 10); // Y never held it

      await new CourseFiles1795471833686().up(ds.createQueryRunner());
      const rows: Array<{ blob_key: string; course_id: string; origin: string; size: string; mime: string }> =
        await ds.query(
          `SELECT blob_key, course_id, origin, size, mime FROM course_files ORDER BY origin DESC`,
        );
      expect(rows.map((row) => ({ ...row, size: Number(row.size) }))).toEqual([
        { blob_key: own, course_id: x, origin: 'upload', size: 7, mime: 'application/pdf' },
        { blob_key: own, course_id: y, origin: 'copy', size: 7, mime: 'application/pdf' },
      ]);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await db.drop();
    }
  });

  it('gives join tokens their campus and a fresh token to one another class of the campus holds', async () => {
    const db = await createTestDatabase('enrolment_tokens');
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(EnrolmentTokensUnique1795481210108));
    const ds = new DataSource({ type: 'postgres', url: db.url, migrations: before });
    try {
      await ds.initialize();
      await ds.runMigrations();
      const tokenOf = async (tenant: number, token: string) => {
        const [course]: Array<{ id: string }> = await ds.query(
          `INSERT INTO courses (tenant_id, name) VALUES ($1, 'C') RETURNING id`,
          [tenant],
        );
        const [klass]: Array<{ id: string }> = await ds.query(
          `INSERT INTO classes (tenant_id, course_id, name) VALUES ($1, $2, 'A') RETURNING id`,
          [tenant, course.id],
        );
        const [window]: Array<{ id: string }> = await ds.query(
          `INSERT INTO enrolment_windows (tenant_id, course_id, start_at, end_at, created_by)
           VALUES ($1, $2, now(), now() + interval '1 day', 1) RETURNING id`,
          [tenant, course.id],
        );
        const [row]: Array<{ id: string }> = await ds.query(
          `INSERT INTO enrolment_tokens (window_id, class_id, token) VALUES ($1, $2, $3) RETURNING id`,
          [window.id, klass.id, token],
        );
        return row.id;
      };
      const first = await tokenOf(1, 'SAMETOKN');
      const second = await tokenOf(1, 'SAMETOKN');
      const otherCampus = await tokenOf(2, 'SAMETOKN');

      await new EnrolmentTokensUnique1795481210108().up(ds.createQueryRunner());
      const rows: Array<{ id: string; tenant_id: string; token: string }> = await ds.query(
        `SELECT id, tenant_id, token FROM enrolment_tokens ORDER BY id`,
      );
      expect(rows.map((row) => [row.id, Number(row.tenant_id)])).toEqual([
        [first, 1],
        [second, 1],
        [otherCampus, 2],
      ]);
      expect(rows[0].token).toBe('SAMETOKN');
      expect(rows[1].token).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      expect(rows[1].token).not.toBe('SAMETOKN');
      expect(rows[2].token).toBe('SAMETOKN');
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await db.drop();
    }
  });
});
