import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { plainTextOf } from '@lms/richtext';
import type { BlobStorage } from '@lms/storage';
import { ClassStudent } from '../courses/class-student.entity';
import { CourseAssistant } from '../courses/course-assistant.entity';
import { CourseClass } from '../courses/course-class.entity';
import { Course } from '../courses/course.entity';
import { recordCampusSnapshots } from '../courses/course-snapshot.data';
import { recordMembersSnapshot } from '../courses/members.data';
import { Period } from '../courses/period.entity';
import { Completion } from '../completion/completion.entity';
import { Content, type ContentType } from '../contents/content.entity';
import { CourseFile } from '../contents/course-file.entity';
import { Faculty } from '../faculties/faculty.entity';
import { EnrolmentToken, EnrolmentWindow } from '../enrolment/enrolment-window.entity';
import { newToken } from '../enrolment/enrolment.service';
import { seedDemoLogbook } from '../forms/forms.seed';
import { seedDemoGradebook } from '../gradebook/gradebook.seed';
import { Activity } from '../structure/activity.entity';
import { CourseModule } from '../structure/module.entity';
import { Thread, ThreadReply } from '../threads/thread.entity';
import { INTRODUCTION } from '../threads/threads.service';
import { UserProjection } from '../users/user-projection.entity';
import { CourseGroup, CourseGroupMember } from '../groups/course-group.entity';
import { recordGroupsChanged } from '../groups/groups.data';
import { newSecret } from '../vlabs/vlab-signature';
import { Vlab, VlabResult } from '../vlabs/vlab.entity';
import { Bookmark } from '../space/bookmark.entity';
import { Note } from '../space/note.entity';
import { handbookPdf } from './handbook.pdf';

const MODULES: ReadonlyArray<{ name: string; activities: string[] }> = [
  { name: 'Introduction to Algorithms', activities: ['What is an algorithm?', 'Flowcharts and pseudocode'] },
  { name: 'Variables and Data Types', activities: ['Numbers and text', 'Input and output'] },
  { name: 'Branching', activities: ['if / else', 'Nested conditions'] },
  { name: 'Loops', activities: ['for and while', 'Loop exercises'] },
];

/** Contents of the first activity: one of each common kind; `file` is the stored handbook. */
const FIRST_ACTIVITY_CONTENTS: ReadonlyArray<{ name: string; type: ContentType; content: string }> = [
  {
    name: 'Welcome',
    type: 'text',
    content: '<p>Welcome to Algorithms and Programming! Start with the reading below.</p>',
  },
  {
    name: 'What is an algorithm? (reading)',
    type: 'link',
    content: 'https://en.wikipedia.org/wiki/Algorithm',
  },
  { name: 'Course handbook.pdf', type: 'file', content: 'handbook' },
  { name: 'Lecture recording', type: 'video', content: 'https://www.youtube.com/watch?v=6hfOvs8pY1k' },
  { name: 'Weekly consultation', type: 'zoom', content: 'https://zoom.us/j/1234567890' },
];

const HANDBOOK_LINES = [
  'Algorithms and Programming (IF101)',
  'Course handbook',
  '',
  'Weeks 1-4: algorithms, flowcharts and pseudocode; variables and data types.',
  'Weeks 5-8: branching and loops, with weekly exercises.',
  'Assessment: weekly exercises 30%, midterm 30%, final project 40%.',
  'Consultation: weekly, see the Zoom link in the first activity.',
];

const STAFF_AND_STUDENTS = ['lecturer', 'assistant', 'student1', 'student2', 'student3'];

/** The demo campus's faculties (name, code). */
const FACULTIES: ReadonlyArray<readonly [name: string, code: string]> = [
  ['Faculty of Computer Science', 'FIK'],
  ['Faculty of Engineering', 'FT'],
  ['Faculty of Economics and Business', 'FEB'],
  ['Faculty of Teacher Training and Education', 'FKIP'],
];

/**
 * The campus's open course: public (anyone reads it without signing in) and free (open to join).
 * It has no lecturer, so the demo users' own course lists stay as they are.
 */
const OPEN_COURSE: {
  name: string;
  code: string;
  description: string;
  module: string;
  activity: string;
  contents: ReadonlyArray<{ name: string; type: ContentType; content: string }>;
} = {
  name: 'Digital Literacy for Everyone',
  code: 'OPEN101',
  description: 'A free, open course: searching the web well, judging sources and citing them.',
  module: 'Finding information',
  activity: 'Searching the web well',
  contents: [
    {
      name: 'Start here',
      type: 'text',
      content:
        '<p>Welcome! This course is open to everyone: no account is needed to read it.</p>' +
        '<p>Begin with the reading below, then try three searches of your own.</p>',
    },
    {
      name: 'How search engines work (reading)',
      type: 'link',
      content: 'https://en.wikipedia.org/wiki/Search_engine',
    },
  ],
};

/**
 * The demo campus's faculties and its demo course: taught by `lecturer`, assisted by `assistant`, one class
 * with the three students, four modules with two activities each, five contents (text, link,
 * file, video, Zoom) in the first activity, completion tracked (student1 did two contents,
 * student2 four), an open enrolment window, a set of groups and a virtual lab with results
 * (`seedGroupsAndLab`); beside it the open course
 * OPEN101 of the public catalogue (one module, one activity, two contents). IF101 has its
 * introduction thread (one reply) and a thread on "for and while" with three replies, one nested.
 * "Loop exercises" has a time and a Google Meet review (`seedDemoSpace`); student1 keeps three
 * bookmarks and a note. IF101's first activity keeps a daily logbook with two entries of student1. Its gradebook has the
 * A–E bands, a custom activity with the students' scores and the weights of it and the logbook
 * (the exam's and tasks' follow with `seedDemoGradebookWeights`). The file content is
 * a real PDF put into `storage` and recorded as the lecturer's upload to the course. Needs the
 * users projection to hold the demo users (they arrive by event from identity); runs once per
 * campus.
 */
export async function seedCourseDemo(
  dataSource: DataSource,
  storage: BlobStorage,
  tenantId: number,
): Promise<{ created: boolean }> {
  const users = await dataSource
    .getRepository(UserProjection)
    .createQueryBuilder('user')
    .where('user.tenant_id = :tenantId AND user.username IN (:...names)', {
      tenantId,
      names: STAFF_AND_STUDENTS,
    })
    .getMany();
  const byName = new Map(users.map((user) => [user.username, user]));
  const missing = STAFF_AND_STUDENTS.filter((name) => !byName.has(name));
  if (missing.length > 0) throw new Error(`demo users not projected yet: ${missing.join(', ')}`);
  if (await dataSource.getRepository(Course).existsBy({ tenantId, code: 'IF101' })) return { created: false };

  let storedKey: string | null = null;
  try {
    await dataSource.transaction(async (manager) => {
      await manager.insert(
        Faculty,
        FACULTIES.map(([name, code]) => ({ tenantId, name, code })),
      );
      const year = new Date().getFullYear();
      const period = await manager.save(
        manager.create(Period, {
          tenantId,
          name: `${year}/${year + 1} Odd Semester`,
          year,
          type: 'GANJIL',
          isActive: true,
        }),
      );
      const course = await manager.save(
        manager.create(Course, {
          tenantId,
          name: 'Algorithms and Programming',
          code: 'IF101',
          description: 'Problem solving with algorithms, from flowcharts to working programs.',
          periodId: period.id,
          lecturerId: byName.get('lecturer')!.id,
          isActive: true,
          startAt: new Date(`${year}-08-25T00:00:00Z`),
          endAt: new Date(`${year + 1}-01-16T00:00:00Z`),
          completionTracking: true,
        }),
      );
      await manager.insert(CourseAssistant, {
        courseId: course.id,
        userId: byName.get('assistant')!.id,
        isCoordinator: true,
      });
      const courseClass = await manager.save(
        manager.create(CourseClass, { tenantId, courseId: course.id, name: 'IF101-A' }),
      );
      await manager.insert(
        ClassStudent,
        ['student1', 'student2', 'student3'].map((name) => ({
          classId: courseClass.id,
          userId: byName.get(name)!.id,
        })),
      );
      const activityIds: number[] = [];
      for (const [index, spec] of MODULES.entries()) {
        const module = await manager.save(
          manager.create(CourseModule, { courseId: course.id, index, name: spec.name }),
        );
        const inserted = await manager.insert(
          Activity,
          spec.activities.map((name, activityIndex) => ({ moduleId: module.id, index: activityIndex, name })),
        );
        activityIds.push(...inserted.identifiers.map((identifier) => Number(identifier.id)));
      }
      const handbook = handbookPdf(HANDBOOK_LINES);
      const handbookKey = `course/${tenantId}/${course.id}/${randomUUID()}`;
      const stored = await storage.put(handbookKey, handbook, {
        contentType: 'application/pdf',
        maxBytes: handbook.length,
      });
      storedKey = handbookKey;
      await manager.insert(CourseFile, {
        blobKey: handbookKey,
        courseId: course.id,
        tenantId,
        addedBy: byName.get('lecturer')!.id,
        origin: 'upload',
        size: stored.size,
        mime: 'application/pdf',
      });
      const firstContents = await manager.insert(
        Content,
        FIRST_ACTIVITY_CONTENTS.map((spec, index) => ({
          tenantId,
          courseId: course.id,
          contentableType: 'activities' as const,
          contentableId: activityIds[0],
          index,
          name: spec.name,
          type: spec.type,
          ...(spec.type === 'file'
            ? { content: handbookKey, size: stored.size, mime: 'application/pdf' }
            : { content: spec.content, size: null, mime: null }),
          createdBy: byName.get('lecturer')!.id,
          deletedAt: null,
        })),
      );
      // The course tracks completion: student1 has done the first two contents, student2 four.
      const contentIds = firstContents.identifiers.map((identifier) => Number(identifier.id));
      await manager.insert(
        Completion,
        [
          ...contentIds.slice(0, 2).map((id) => ['student1', id] as const),
          ...contentIds.slice(0, 4).map((id) => ['student2', id] as const),
        ].map(([name, id]) => ({
          tenantId,
          courseId: course.id,
          userId: byName.get(name)!.id,
          completionableType: 'contents' as const,
          completionableId: id,
        })),
      );
      // Discussions: the introduction thread, and a thread with a few replies on "for and while".
      const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
      await manager.insert(Thread, {
        tenantId,
        courseId: course.id,
        activityId: null,
        isIntroduction: true,
        title: INTRODUCTION.title,
        body: INTRODUCTION.body,
        authorId: null,
        replyCount: 1,
        lastReplyAt: at(600),
        createdAt: at(2 * 24 * 60),
        updatedAt: at(600),
      });
      const introduction = await manager.findOneByOrFail(Thread, {
        courseId: course.id,
        isIntroduction: true,
      });
      await manager.insert(ThreadReply, {
        tenantId,
        threadId: introduction.id,
        parentId: null,
        depth: 1,
        authorId: byName.get('student1')!.id,
        reply:
          '<p>Hello! I am in the first year of informatics and I want to learn to write real programs.</p>',
        createdAt: at(600),
      });
      const loops = await manager.save(
        manager.create(Thread, {
          tenantId,
          courseId: course.id,
          activityId: activityIds[6],
          title: 'When do I use for, and when while?',
          body: '<p>Both loops seem to do the same thing. Is there a rule for choosing one?</p>',
          authorId: byName.get('student1')!.id,
          replyCount: 3,
          lastReplyAt: at(30),
          createdAt: at(240),
          updatedAt: at(30),
        }),
      );
      const reply = (
        parentId: number | null,
        depth: number,
        author: string,
        text: string,
        minutesAgo: number,
      ) =>
        manager.save(
          manager.create(ThreadReply, {
            tenantId,
            threadId: loops.id,
            parentId,
            depth,
            authorId: byName.get(author)!.id,
            reply: text,
            createdAt: at(minutesAgo),
          }),
        );
      const first = await reply(
        null,
        1,
        'student2',
        '<p>I use <code>for</code> when I know how many times to repeat, <code>while</code> when I wait for something.</p>',
        120,
      );
      await reply(
        first.id,
        2,
        'lecturer',
        '<p>Exactly, @student2. A <code>while</code> loop also suits reading input until it ends.</p>',
        60,
      );
      await reply(null, 1, 'student3', '<p>Thanks, that helps with the loop exercises.</p>', 30);

      await seedDemoSpace(manager, {
        tenantId,
        courseId: course.id,
        activityId: activityIds[7],
        lecturerId: byName.get('lecturer')!.id,
        studentId: byName.get('student1')!.id,
        contentIds,
        threadId: loops.id,
      });

      const logbookId = await seedDemoLogbook(manager, {
        tenantId,
        courseId: course.id,
        activityId: activityIds[0],
        lecturerId: byName.get('lecturer')!.id,
        studentId: byName.get('student1')!.id,
      });
      await seedDemoGradebook(manager, {
        tenantId,
        courseId: course.id,
        logbookId,
        lecturerId: byName.get('lecturer')!.id,
        students: new Map(users.map((user) => [user.username, user.id])),
      });
      // An open enrolment window (a month from now) with a join token for the class.
      const window = await manager.save(
        manager.create(EnrolmentWindow, {
          tenantId,
          courseId: course.id,
          startAt: new Date(Date.now() - 24 * 3600 * 1000),
          endAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
          createdBy: byName.get('lecturer')!.id,
          supersededAt: null,
        }),
      );
      await manager.insert(EnrolmentToken, {
        tenantId,
        windowId: window.id,
        classId: courseClass.id,
        token: newToken(),
      });

      // The open course of the public catalogue.
      const open = await manager.save(
        manager.create(Course, {
          tenantId,
          name: OPEN_COURSE.name,
          code: OPEN_COURSE.code,
          description: OPEN_COURSE.description,
          periodId: period.id,
          lecturerId: null,
          isActive: true,
          isPublic: true,
          isFree: true,
          startAt: new Date(`${year}-08-25T00:00:00Z`),
          endAt: new Date(`${year + 1}-01-16T00:00:00Z`),
        }),
      );
      const openModule = await manager.save(
        manager.create(CourseModule, { courseId: open.id, index: 0, name: OPEN_COURSE.module }),
      );
      const openActivity = await manager.save(
        manager.create(Activity, { moduleId: openModule.id, index: 0, name: OPEN_COURSE.activity }),
      );
      await manager.insert(
        Content,
        OPEN_COURSE.contents.map((spec, index) => ({
          tenantId,
          courseId: open.id,
          contentableType: 'activities' as const,
          contentableId: openActivity.id,
          index,
          name: spec.name,
          type: spec.type,
          content: spec.content,
          size: null,
          mime: null,
          createdBy: byName.get('lecturer')!.id,
          deletedAt: null,
        })),
      );
      // The courses as events: the other services' projections learn what is taught here, by whom, to whom.
      await recordMembersSnapshot(manager, tenantId, null, new Set(['course.staff', 'course.enrolment']));
      await recordCampusSnapshots(manager, tenantId, null, 'course.course');
      await recordCampusSnapshots(manager, tenantId, null, 'course.structure');
      await seedGroupsAndLab(manager, tenantId, course.id, activityIds[0], byName);
    });
  } catch (error) {
    // Nothing of the seed stays, so the next attempt starts clean.
    if (storedKey !== null) await storage.remove(storedKey).catch(() => undefined);
    throw error;
  }
  new Logger('CourseSeed').log('demo courses IF101 and OPEN101 created');
  return { created: true };
}

/**
 * IF101's set of groups "Project teams" (student1 leading student2; student3 alone) and a virtual
 * lab on its first activity with a few results, so the groups page, the reader's lab and the
 * leaderboard have something to show. The lab's secret is random: the staff rotate it to connect
 * a real lab.
 */
async function seedGroupsAndLab(
  manager: EntityManager,
  tenantId: number,
  courseId: number,
  activityId: number,
  byName: Map<string, UserProjection>,
) {
  const id = (name: string) => byName.get(name)!.id;
  const type = 'Project teams';
  for (const [name, members] of [
    ['Team 1', ['student1', 'student2']],
    ['Team 2', ['student3']],
  ] as const) {
    const group = await manager.save(
      manager.create(CourseGroup, { tenantId, courseId, type, name, package: null }),
    );
    await manager.insert(
      CourseGroupMember,
      members.map((member, index) => ({
        groupId: group.id,
        userId: id(member),
        courseId,
        type,
        isLeader: index === 0,
      })),
    );
  }
  await recordGroupsChanged(manager, { tenantId, userId: id('lecturer') }, courseId, type);
  const lab = await manager.save(
    manager.create(Vlab, {
      tenantId,
      courseId,
      activityId,
      name: 'Flowchart simulator',
      url: 'https://lab.example.edu/flowcharts',
      description: 'Draw the flowchart of a linear search and run it on the test inputs.',
      settings: { show_names: false, max_score: 100 },
      index: 0,
      secret: newSecret(),
      createdBy: id('lecturer'),
    }),
  );
  const hour = 3600 * 1000;
  const results: ReadonlyArray<readonly [student: string, score: number, hoursAgo: number]> = [
    ['student1', 55, 50],
    ['student1', 70, 30],
    ['student1', 85, 4],
    ['student2', 90, 26],
    ['student3', 70, 8],
  ];
  await manager.insert(
    VlabResult,
    results.map(([student, score, hoursAgo]) => ({
      vlabId: lab.id,
      userId: id(student),
      score,
      attemptId: null,
      durationSeconds: null,
      finishedAt: new Date(Date.now() - hoursAgo * hour),
    })),
  );
}

/** The Google Meet review of the demo course: what `/vicon` shows first, at its activity's time. */
const REVIEW = { name: 'Mid-semester review', url: 'https://meet.google.com/abc-defg-hij' };
const DEMO_NOTE =
  '<p>Start with the <strong>reading</strong> before the first quiz; ask about flowcharts in the weekly consultation.</p>';

/**
 * The own space of the demo (issue 21): "Loop exercises" takes place in two days, for an hour and a
 * half, with a Google Meet review (not counted for completion); student1 bookmarked the welcome text,
 * the review and the loops thread, and keeps a note on the welcome text.
 */
async function seedDemoSpace(
  manager: EntityManager,
  demo: {
    tenantId: number;
    courseId: number;
    activityId: number;
    lecturerId: number;
    studentId: number;
    contentIds: number[];
    threadId: number;
  },
): Promise<void> {
  const startAt = new Date(Date.now() + 2 * 24 * 3_600_000);
  await manager.update(
    Activity,
    { id: demo.activityId },
    { startAt, endAt: new Date(startAt.getTime() + 90 * 60_000) },
  );
  const review = await manager.save(
    manager.create(Content, {
      tenantId: demo.tenantId,
      courseId: demo.courseId,
      contentableType: 'activities',
      contentableId: demo.activityId,
      index: 0,
      name: REVIEW.name,
      type: 'google-meet',
      content: REVIEW.url,
      completionRequired: false,
      createdBy: demo.lecturerId,
      deletedAt: null,
    }),
  );
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const base = { tenantId: demo.tenantId, userId: demo.studentId, courseId: demo.courseId };
  await manager.insert(Bookmark, [
    { ...base, kind: 'content', itemId: demo.contentIds[0], createdAt: hoursAgo(30) },
    { ...base, kind: 'thread', itemId: demo.threadId, createdAt: hoursAgo(3) },
    { ...base, kind: 'content', itemId: review.id, createdAt: hoursAgo(1) },
  ]);
  await manager.insert(Note, {
    ...base,
    contentId: demo.contentIds[0],
    body: DEMO_NOTE,
    plainText: plainTextOf(DEMO_NOTE),
  });
}
