import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { formatWireDate, validateWith } from '@lms/jsonapi';
import { crsCreateRules } from '../crs/crs.rules';
import { CrsService } from '../crs/crs.service';
import { CheckInService } from '../sessions/check-in.service';
import type { PresenceType } from '../sessions/presence.entity';
import { presenceCreateRules } from '../sessions/presences.rules';
import { PresencesService } from '../sessions/presences.service';

const DEMO_COURSE_CODE = 'IF101';
const DEMO_CLASS = 'IF101-A';
const DEMO_STUDENTS = ['student1', 'student2', 'student3'] as const;
const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;
/** A public-domain (CC0) clip of MDN's examples: what the demo room's video plays. */
const DEMO_VIDEO = 'https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4';

/** The past meetings' marks per student, meeting by meeting (P01, P02, P03). */
const PAST_MARKS: Record<(typeof DEMO_STUDENTS)[number], PresenceType[]> = {
  student1: ['attend', 'attend', 'attend'],
  student2: ['attend', 'sick', 'attend'],
  student3: ['absent', 'attend', 'leave'],
};

/**
 * The demo campus's attendance (`npm start`) in IF101 class IF101-A: three weekly meetings in
 * the past (P01–P03, the course's modules in order as topics), marked and sent, and P04 now, its check-in open
 * for an hour, where student1 has checked in with the code; and P04's live classroom, hosted by the
 * lecturer with one video, linked to it (a student of IF101-A joining it is marked present). Made through the service's own
 * operations as the course's lecturer (and student1). Waits (throws) until identity's users and
 * course's IF101 with its class, students and modules have arrived by event; does nothing when
 * the class has sessions.
 */
export async function seedPresenceDemo(
  app: INestApplicationContext,
  tenantId: number,
): Promise<{ created: boolean }> {
  const dataSource = app.get(DataSource);
  const [ready]: Array<{ course_id: string; class_id: string; lecturer_id: string; time_zone: string }> =
    await dataSource.query(
      `SELECT c.id AS course_id, cc.id AS class_id, lecturer.id AS lecturer_id, t.time_zone
         FROM courses c
         JOIN tenants t ON t.id = c.tenant_id
         JOIN course_classes cc ON cc.course_id = c.id AND cc.name = $3
         JOIN users lecturer ON lecturer.tenant_id = c.tenant_id AND lecturer.username = 'lecturer'
         JOIN course_staff cs ON cs.course_id = c.id AND cs.user_id = lecturer.id
        WHERE c.tenant_id = $1 AND c.code = $2
          AND (SELECT count(DISTINCT s.username) FROM course_students st JOIN users s ON s.id = st.user_id
                WHERE st.class_id = cc.id AND st.enrolled AND s.username = ANY($4::text[])) = $5
          AND EXISTS (SELECT 1 FROM course_modules m WHERE m.course_id = c.id)`,
      [tenantId, DEMO_COURSE_CODE, DEMO_CLASS, DEMO_STUDENTS, DEMO_STUDENTS.length],
    );
  if (!ready)
    throw new Error(`the demo class ${DEMO_CLASS} with its lecturer, students and modules is not here yet`);
  const [courseId, classId] = [Number(ready.course_id), Number(ready.class_id)];
  const existing: unknown[] = await dataSource.query(`SELECT 1 FROM presences WHERE class_id = $1 LIMIT 1`, [
    classId,
  ]);
  if (existing.length > 0) return { created: false };

  const modules: Array<{ id: string }> = await dataSource.query(
    `SELECT id FROM course_modules WHERE course_id = $1 ORDER BY index, id LIMIT 4`,
    [courseId],
  );
  const students: Array<{ id: string; username: (typeof DEMO_STUDENTS)[number] }> = await dataSource.query(
    `SELECT id, username FROM users WHERE tenant_id = $1 AND username = ANY($2::text[])`,
    [tenantId, DEMO_STUDENTS],
  );
  const as = (userId: number, role: AuthContext['role']): AuthContext => ({
    userId,
    tenantId,
    role,
    studentId: null,
    lecturerId: null,
    sessionId: 'demo-seed',
    timeZone: ready.time_zone,
  });
  const lecturer = as(Number(ready.lecturer_id), 'lecturer');
  const wire = (time: number) => formatWireDate(new Date(time), lecturer.timeZone);
  const presences = app.get(PresencesService);
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const meeting = (n: number, start: number, windowMinutes: number) =>
    presences.create(
      lecturer,
      validateWith(
        presenceCreateRules,
        {
          course_id: courseId,
          class_id: classId,
          act_code: `P0${n}`,
          start_at: wire(start),
          end_at: wire(start + 100 * MINUTE),
          presence_start: wire(start),
          presence_end: wire(start + windowMinutes * MINUTE),
          topic_ids: modules[n - 1] ? [Number(modules[n - 1].id)] : [],
        },
        { timeZone: lecturer.timeZone },
      ),
    );

  for (let n = 1; n <= 3; n += 1) {
    const past = await meeting(n, now - (4 - n) * WEEK, 15);
    for (const student of students)
      await presences.manual(lecturer, Number(past.id), {
        action: 'update',
        user_id: Number(student.id),
        type: PAST_MARKS[student.username][n - 1],
      });
    await presences.send(lecturer, Number(past.id), true);
  }
  const today = await meeting(4, now - 5 * MINUTE, 60);
  const student1 = students.find((student) => student.username === 'student1')!;
  await app
    .get(CheckInService)
    .checkIn(as(Number(student1.id), 'student'), Number(today.id), today.checkInCode);
  await app.get(CrsService).create(
    lecturer,
    validateWith(
      crsCreateRules,
      {
        course_id: courseId,
        title: 'P04 live: sets and functions',
        description: 'Questions, a vote and the recording of last week, together.',
        start_at: wire(now - 5 * MINUTE),
        end_at: wire(now + 100 * MINUTE),
        videos: [{ title: 'Flower (CC0)', url: DEMO_VIDEO }],
        presence_id: Number(today.id),
      },
      { timeZone: lecturer.timeZone },
    ),
  );
  return { created: true };
}
