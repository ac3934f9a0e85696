import type { ProjectedUser } from '@lms/testing';
import { BLOB_STORAGE, seedCourseDemo, seedDemoGradebookWeights } from '../src';
import { CourseHarness, list, one } from './support/harness';

describe('demo seed', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('creates the faculties and the demo course with structure, contents of several types and an open enrolment window, once', async () => {
    const users: Record<string, ProjectedUser> = {};
    for (const [username, role] of [
      ['lecturer', 'lecturer'],
      ['assistant', 'lecturer'],
      ['student1', 'student'],
      ['student2', 'student'],
      ['student3', 'student'],
    ] as const) {
      users[username] = await h.given.user(7, role, { username });
    }
    const storage = h.app.get(BLOB_STORAGE);
    expect(await seedCourseDemo(h.ds, storage, 7)).toEqual({ created: true });
    expect(await seedCourseDemo(h.ds, storage, 7)).toEqual({ created: false });

    const asStudent = await h.as(users.student1);
    const [course] = list((await asStudent.get('/api/course/courses')).body);
    const contents = await asStudent.get(
      `/api/course/contents?filter[course_id][is]=${course.id}&page[limit]=0`,
    );
    expect(new Set(list(contents.body).map((x) => x.attributes.contents_type))).toEqual(
      new Set(['text', 'link', 'file', 'video', 'zoom', 'google-meet']),
    );
    // student1's own space: three bookmarks, a note on the welcome text, the review first on /vicon.
    const bookmarks = list((await asStudent.get('/api/course/bookmarks')).body);
    expect(bookmarks.map((x) => x.attributes.title)).toEqual([
      'Mid-semester review',
      'When do I use for, and when while?',
      'Welcome',
    ]);
    const notes = list((await asStudent.get('/api/course/notes?filter[search]=flowcharts')).body);
    expect(notes.map((x) => x.attributes.content_name)).toEqual(['Welcome']);
    const conferences = list((await asStudent.get('/api/course/conferences')).body);
    expect(conferences.map((x) => [x.attributes.name, x.attributes.upcoming])).toEqual([
      ['Mid-semester review', true],
      ['Weekly consultation', false],
    ]);
    // The handbook is a real PDF in the store, recorded as the lecturer's upload: it downloads.
    const handbook = list(contents.body).find((x) => x.attributes.contents_type === 'file')!;
    expect(handbook.attributes).toMatchObject({ mime: 'application/pdf' });
    const link = await asStudent.get(`/api/course/contents/${handbook.id}/download?redirect=0`);
    expect(link.status).toBe(200);
    const file = await fetch(h.baseUrl + String(one(link.body).attributes.url));
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('Course handbook');
    expect(bytes.length).toBe(handbook.attributes.size);
    // A daily logbook with two entries of student1 (one assessed), today's still to write.
    const [logbook] = list(
      (await asStudent.get(`/api/course/forms?filter[course_id][is]=${course.id}`)).body,
    );
    expect(logbook.attributes).toMatchObject({
      title: 'Lab logbook',
      forms_type: 'daily',
      assesment_method: 'rubric',
      is_answered: false,
      answers_count: 2,
    });
    const entries = list(
      (await asStudent.get(`/api/course/formanswers?filter[form_id][is]=${logbook.id}&sort=period`)).body,
    );
    expect(entries.map((entry) => [entry.attributes.student_id, entry.attributes.is_assessed])).toEqual([
      [users.student1.id, true],
      [users.student1.id, false],
    ]);
    expect(entries[0].attributes.score).toBe(85);
    // Who teaches and studies there, as events (identity's user directory is built from them).
    const staff = (await h.events('course.staff.changed')).filter(
      (event) => event.data.courseId === Number(course.id),
    );
    expect(staff.map((event) => event.data)).toEqual([
      expect.objectContaining({
        lecturerId: users.lecturer.id,
        assistants: [{ userId: users.assistant.id, isCoordinator: true }],
      }),
    ]);
    const [roster] = (await h.events('course.enrolment.snapshotted')).filter(
      (event) => event.data.courseId === Number(course.id),
    );
    expect(roster.data.students.map((student) => student.userId).sort()).toEqual(
      [users.student1.id, users.student2.id, users.student3.id].sort(),
    );
    // Discussions: the introduction thread and a thread with nested replies on an activity.
    const introduction = await asStudent.get(`/api/course/threads/introduction/${course.id}`);
    expect(one(introduction.body).attributes).toMatchObject({ is_introduction: true, reply_count: 1 });
    const threads = await asStudent.get(
      `/api/course/threads?filter[course_id]=${course.id}&filter[is_introduction]=0`,
    );
    const [loops] = list(threads.body);
    expect(loops.attributes).toMatchObject({ title: 'When do I use for, and when while?', reply_count: 3 });
    const replies = await asStudent.get(`/api/course/thread/replies?filter[thread_id]=${loops.id}`);
    expect(list(replies.body).map((reply) => reply.attributes.depth)).toEqual([1, 2, 1]);
    const asLecturer = await h.as(users.lecturer);
    const faculties = await asLecturer.get('/api/course/faculties');
    expect(list(faculties.body).map((faculty) => faculty.attributes.code)).toEqual(
      expect.arrayContaining(['FIK', 'FT', 'FEB', 'FKIP']),
    );
    // A set of groups (announced to the task service) and a virtual lab with a leaderboard.
    const groups = list((await asStudent.get(`/api/course/groups?filter[course_id][is]=${course.id}`)).body);
    expect(groups.map((group) => [group.attributes.groups_type, group.attributes.name])).toEqual([
      ['Project teams', 'Team 1'],
      ['Project teams', 'Team 2'],
    ]);
    const [set] = (await h.events('course.groups.changed')).filter(
      (event) => event.data.courseId === Number(course.id),
    );
    expect(set.data.groups[0].members).toEqual([
      { userId: users.student1.id, isLeader: true },
      { userId: users.student2.id, isLeader: false },
    ]);
    const [lab] = list((await asStudent.get(`/api/course/vlabs?filter[course_id][is]=${course.id}`)).body);
    const board = list((await asStudent.get(`/api/course/vlabs/${lab.id}/leaderboards`)).body);
    expect(board.map((row) => [row.attributes.rank, row.attributes.score, row.attributes.is_me])).toEqual([
      [1, 90, false],
      [2, 85, true],
      [3, 70, false],
    ]);
    const window = await asLecturer.get(`/api/course/enrolls?filter[course_id][is]=${course.id}`);
    expect(list(window.body)[0].attributes).toMatchObject({
      is_open: true,
      tokens: [expect.objectContaining({ token: expect.any(String) })],
    });
    // The course tracks completion; student1 has done two of its five contents, student2 four.
    const mine = await asStudent.get(`/api/course/completions/course/${course.id}`);
    expect(mine.body.meta).toMatchObject({
      completion_tracking: true,
      completed: 2,
      required: 5,
      percentage: 40,
    });
    const report = await asLecturer.get(`/api/completion/report?course_id=${course.id}`);
    expect(list(report.body).map((row) => [row.attributes.user_id, row.attributes.completed])).toEqual(
      expect.arrayContaining([
        [users.student1.id, 2],
        [users.student2.id, 4],
        [users.student3.id, 0],
      ]),
    );
    // The gradebook: the A–E bands, "Class participation" typed for each student, the weights of it
    // and the logbook; the exam's and the tasks' once their projections arrived (seeded after this).
    expect(await seedDemoGradebookWeights(h.ds, 7)).toBe('waiting');
    const courseId = Number(course.id);
    const exam = await h.project('exam.exam.upserted', 7, { courseId, name: 'Quiz 1' });
    const essay = await h.project('task.task.upserted', 7, { courseId, name: 'Essay' });
    expect(await seedDemoGradebookWeights(h.ds, 7)).toBe('waiting');
    const project = await h.project('task.task.upserted', 7, { courseId, name: 'Group project' });
    expect(await seedDemoGradebookWeights(h.ds, 7)).toBe('done');
    expect(await seedDemoGradebookWeights(h.ds, 7)).toBe('done');
    const book = (await asLecturer.get(`/api/gradebook?course_id=${courseId}`)).body;
    const columns = book.meta?.columns as Array<{ key: string; title: string; percentage: number }>;
    expect(columns.map((column) => [column.key, column.title, column.percentage])).toEqual([
      [`exams:${exam.id}`, 'Quiz 1', 30],
      [`tasks:${essay.id}`, 'Essay', 20],
      [`tasks:${project.id}`, 'Group project', 20],
      [`forms:${logbook.id}`, 'Lab logbook', 10],
      [expect.stringMatching(/^courseactivities:/), 'Class participation', 20],
    ]);
    expect(book.meta).toMatchObject({ weights_total: 100, published: false });
    expect((book.meta?.bands as Array<{ index: string }>).map((band) => band.index)).toEqual([
      'A',
      'A-',
      'B+',
      'B',
      'B-',
      'C+',
      'C',
      'D',
      'E',
    ]);
    // student1: logbook 85 × 10 % + participation 88 × 20 % = 8.5 + 17.6 = 26.1 (E)
    const rows = new Map(list(book).map((row) => [row.attributes.student_id, row.attributes]));
    expect(rows.get(users.student1.id)).toMatchObject({ final_score: 26.1, index: 'E' });
    expect(rows.get(users.student2.id)).toMatchObject({ final_score: 15.2, index: 'E' });
    expect(rows.get(users.student3.id)).toMatchObject({ final_score: 18.4, index: 'E' });
    expect(await seedDemoGradebookWeights(h.ds, 8)).toBe('none');
  });
});
