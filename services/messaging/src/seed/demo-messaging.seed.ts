import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { formatWireDate, validateWith } from '@lms/jsonapi';
import { AnnouncementsService } from '../announcements/announcements.service';
import { announcementCreateRules } from '../announcements/announcements.rules';
import { ChatService } from '../chat/chat.service';
import { MessagesService } from '../messages/messages.service';
import { NewsService } from '../news/news.service';

const DEMO_COURSE_CODE = 'IF101';
const DEMO_PEOPLE = ['lecturer', 'student1', 'student2', 'student3', 'admin'] as const;
type DemoPerson = (typeof DEMO_PEOPLE)[number];
const DAY = 24 * 3_600_000;

/**
 * The demo campus's messaging (`npm start`), made through the service's own operations: two
 * course messages of IF101, the course's group chat and a personal chat with a few messages, one
 * announcement (a section of the announcements page) active for a week, and two published news items. Waits (throws) until
 * identity's users and course's IF101 with its lecturer and students have arrived by event; does
 * nothing when the campus has chat rooms already.
 */
export async function seedMessagingDemo(
  app: INestApplicationContext,
  tenantId: number,
): Promise<{ created: boolean }> {
  const dataSource = app.get(DataSource);
  const [ready]: Array<{ course_id: string; time_zone: string }> = await dataSource.query(
    `SELECT c.id AS course_id, t.time_zone FROM courses c
       JOIN tenants t ON t.id = c.tenant_id
       JOIN users lecturer ON lecturer.tenant_id = c.tenant_id AND lecturer.username = 'lecturer'
       JOIN course_staff cs ON cs.course_id = c.id AND cs.user_id = lecturer.id
      WHERE c.tenant_id = $1 AND c.code = $2
        AND (SELECT count(DISTINCT s.username) FROM course_students st JOIN users s ON s.id = st.user_id
              WHERE st.course_id = c.id AND st.enrolled AND s.username IN ('student1', 'student2', 'student3')) = 3
        AND EXISTS (SELECT 1 FROM users a WHERE a.tenant_id = c.tenant_id AND a.username = 'admin')`,
    [tenantId, DEMO_COURSE_CODE],
  );
  if (!ready)
    throw new Error(`the demo course ${DEMO_COURSE_CODE} with its lecturer and students is not here yet`);
  const existing: unknown[] = await dataSource.query(
    `SELECT 1 FROM chat_rooms WHERE tenant_id = $1 LIMIT 1`,
    [tenantId],
  );
  if (existing.length > 0) return { created: false };

  const courseId = Number(ready.course_id);
  const rows: Array<{ id: string; username: DemoPerson; role: AuthContext['role'] }> = await dataSource.query(
    `SELECT id, username, role FROM users WHERE tenant_id = $1 AND username = ANY($2::text[])`,
    [tenantId, DEMO_PEOPLE],
  );
  const people = Object.fromEntries(
    rows.map((row) => [
      row.username,
      {
        userId: Number(row.id),
        tenantId,
        role: row.role,
        studentId: null,
        lecturerId: null,
        sessionId: 'demo-seed',
        timeZone: ready.time_zone,
      } satisfies AuthContext,
    ]),
  ) as Record<DemoPerson, AuthContext>;
  const { lecturer, student1, student2, student3, admin } = people;

  const messages = app.get(MessagesService);
  await messages.create(
    student1,
    {
      receiver_id: lecturer.userId,
      course_id: courseId,
      subject: 'Question about the first assignment',
      message: 'Good morning, may we hand in the first assignment as a PDF?',
    },
    [],
  );
  await messages.create(
    lecturer,
    {
      receiver_id: student2.userId,
      course_id: courseId,
      subject: 'Your presentation',
      message: 'Please send me your slides before Thursday.',
    },
    [],
  );

  const chat = app.get(ChatService);
  const { room: group } = await chat.create(lecturer, {
    type: 'group',
    name: `${DEMO_COURSE_CODE} class chat`,
    users: [student1, student2, student3].map((student) => ({ id: student.userId })),
  });
  const welcome = await chat.post(lecturer, {
    chatId: Number(group.id),
    message: 'Welcome to the class chat!',
  });
  await chat.post(student1, {
    chatId: Number(group.id),
    message: 'Thank you! Is the quiz next week open book?',
  });
  await chat.post(lecturer, {
    chatId: Number(group.id),
    message: 'Yes, notes are allowed.',
    reply_message_id: Number(welcome.id),
  });
  const { room: direct } = await chat.create(student1, {
    type: 'personal',
    users: [{ id: student2.userId }],
  });
  await chat.post(student1, { chatId: Number(direct.id), message: 'Shall we study together on Friday?' });
  await chat.post(student2, { chatId: Number(direct.id), message: 'Sure, in the library at 10.' });

  const wire = (time: number) => formatWireDate(new Date(time), ready.time_zone);
  await app.get(AnnouncementsService).create(
    lecturer,
    validateWith(
      announcementCreateRules,
      {
        course_id: courseId,
        announcement: 'The midterm exam takes place in week 8. Check the exam page for the room.',
        urgency: 'high',
        announcements_type: 'section',
        start_at: wire(Date.now() - DAY),
        end_at: wire(Date.now() + 7 * DAY),
      },
      { timeZone: ready.time_zone },
    ),
  );

  const news = app.get(NewsService);
  await news.create(admin, {
    title: 'New semester registration is open',
    contents: 'Registration for the new semester is open until the end of the month.',
    tags: ['academic', 'registration'],
    is_published: true,
  });
  await news.create(admin, {
    title: 'Campus library extends its opening hours',
    contents: 'During the exam weeks the library stays open until 22:00.',
    tags: ['campus', 'library'],
    is_published: true,
  });
  return { created: true };
}
