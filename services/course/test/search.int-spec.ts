import type { ApiClient, JsonDocument } from '@lms/testing';
import { Content } from '../src/contents/content.entity';
import { Course } from '../src/courses/course.entity';
import { SEARCH_VECTORS } from '../src/search/search.sql';
import { Activity } from '../src/structure/activity.entity';
import { CourseModule } from '../src/structure/module.entity';
import { Thread } from '../src/threads/thread.entity';
import { cast, CourseHarness, list } from './support/harness';

type Hit = { kind: string; title: string; hidden: boolean; snippet: string | null; link: string };

/**
 * The global search of the top bar (issue 21): full-text over the caller's courses, contents,
 * exams, tasks, threads and people, each as the caller's own lists show them — a hidden item,
 * an unpublished exam, an inactive task, another campus and a stranger never appear for a student.
 */
describe('global search', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A word no other test writes: every item of a test carries it, so each test reads only its own. */
  const tagOf = () => `x${h.nextId()}y`;

  const search = async (client: ApiClient, query: string) => {
    const response = await client.get(`/api/course/search?${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const hits = (doc: JsonDocument) => list(doc).map((item) => item.attributes as unknown as Hit);
  const found = (doc: JsonDocument) => hits(doc).map((hit) => `${hit.kind}: ${hit.title}`);

  async function placeIn(courseId: number, isActive = true) {
    const module = await h.ds
      .getRepository(CourseModule)
      .save({ courseId, name: 'Week', index: 0, isActive });
    const activity = await h.ds
      .getRepository(Activity)
      .save({ moduleId: module.id, name: 'Sorting', index: 0, isActive: true });
    return { module, activity };
  }

  const contentOn = (
    courseId: number,
    activityId: number,
    name: string,
    body = '<p>Text</p>',
    tenantId = 1,
  ) =>
    h.ds.getRepository(Content).save({
      tenantId,
      courseId,
      contentableType: 'activities' as const,
      contentableId: activityId,
      index: 0,
      name,
      type: 'text' as const,
      content: body,
    });

  /**
   * A course named after the tag with one of each kind visible to its student and one of each
   * hidden from them, a classmate, a student of another course and another campus's course.
   */
  async function world() {
    const c = await cast(h);
    const tag = tagOf();
    await h.ds.getRepository(Course).update(c.course.id, { name: `Algoritma ${tag}` });
    const classmate = await h.given.user(1, 'student', { name: `Algo ${tag} Classmate` });
    await h.enrol(c.course.id, 1, [classmate.id], c.courseClass);
    const other = await h.course(1, c.stranger.id, { name: 'Other course' });
    const stranger = await h.given.user(1, 'student', { name: `Algo ${tag} Stranger` });
    await h.enrol(other.id, 1, [stranger.id]);

    const shown = await placeIn(c.course.id);
    const hidden = await placeIn(c.course.id, false);
    const content = await contentOn(c.course.id, shown.activity.id, `Algoritma ${tag} notes`);
    await contentOn(c.course.id, hidden.activity.id, `Algoritma ${tag} answers`);
    const exam = (name: string, isPublished: boolean) =>
      h.project('exam.exam.upserted', 1, { courseId: c.course.id, name, isPublished, classIds: [] });
    const task = (name: string, isActive: boolean) =>
      h.project('task.task.upserted', 1, {
        courseId: c.course.id,
        name,
        isActive,
        allClass: true,
        classIds: [],
        deleted: false,
      });
    const quiz = await exam(`Algoritma ${tag} quiz`, true);
    await exam(`Algoritma ${tag} draft`, false);
    await task(`Algoritma ${tag} essay`, true);
    await task(`Algoritma ${tag} old essay`, false);
    const thread = (title: string, isHidden: boolean) =>
      h.ds.getRepository(Thread).save({
        tenantId: 1,
        courseId: c.course.id,
        activityId: shown.activity.id,
        title,
        body: '<p>Question</p>',
        authorId: c.student.id,
        isHidden,
      });
    await thread(`Algoritma ${tag} question`, false);
    await thread(`Algoritma ${tag} spam`, true);

    const elsewhere = await h.course(2, c.outsider.id, { name: `Algoritma ${tag} elsewhere` });
    const place = await placeIn(elsewhere.id);
    await contentOn(elsewhere.id, place.activity.id, `Algoritma ${tag} foreign`, '<p>Text</p>', 2);
    await h.given.user(2, 'student', { name: `Algo ${tag} Foreigner` });
    return { ...c, tag, classmate, shown, content, quiz };
  }

  describe('scoping', () => {
    it('finds for a student by word beginnings only what they may see: nothing hidden, no stranger, no other campus', async () => {
      const w = await world();
      const doc = await search(w.asStudent, `q=${encodeURIComponent(`algo ${w.tag}`)}`);
      expect(found(doc).sort()).toEqual(
        [
          `content: Algoritma ${w.tag} notes`,
          `course: Algoritma ${w.tag}`,
          `exam: Algoritma ${w.tag} quiz`,
          `person: Algo ${w.tag} Classmate`,
          `task: Algoritma ${w.tag} essay`,
          `thread: Algoritma ${w.tag} question`,
        ].sort(),
      );
      expect(hits(doc).every((hit) => !hit.hidden)).toBe(true);
      expect(doc.meta).toMatchObject({ total: 6 });
      const content = hits(doc).find((hit) => hit.kind === 'content')!;
      expect(content).toMatchObject({
        link: `/courses/${w.course.id}?module=${w.shown.module.id}&activity=${w.shown.activity.id}#content-${w.content.id}`,
        course_id: Number(w.course.id),
        course_name: `Algoritma ${w.tag}`,
        course_code: 'DB1',
      });
      expect(hits(doc).find((hit) => hit.kind === 'exam')!.link).toBe(`/exam/${w.quiz.id}`);
      expect(hits(doc).find((hit) => hit.kind === 'person')!.link).toBe(
        `/messages/new?to=${w.classmate.id}&course=${w.course.id}`,
      );

      const exams = await search(w.asStudent, `q=${w.tag}&filter[kind]=exam`);
      expect(found(exams)).toEqual([`exam: Algoritma ${w.tag} quiz`]);
      const paged = await search(w.asStudent, `q=${w.tag}&page[limit]=2&page[offset]=4`);
      expect(list(paged)).toHaveLength(2);
      expect(paged.meta).toMatchObject({ total: 6 });
    });

    it('finds for those who teach the course its hidden items too, marked, and its students', async () => {
      const w = await world();
      const doc = await search(w.asAssistant, `q=${encodeURIComponent(`algoritma ${w.tag}`)}&page[limit]=50`);
      const marked = hits(doc).map((hit) => `${hit.kind}: ${hit.title}${hit.hidden ? ' (hidden)' : ''}`);
      expect(marked.sort()).toEqual(
        [
          `content: Algoritma ${w.tag} answers (hidden)`,
          `content: Algoritma ${w.tag} notes`,
          `course: Algoritma ${w.tag}`,
          `exam: Algoritma ${w.tag} draft (hidden)`,
          `exam: Algoritma ${w.tag} quiz`,
          `task: Algoritma ${w.tag} essay`,
          `task: Algoritma ${w.tag} old essay (hidden)`,
          `thread: Algoritma ${w.tag} question`,
          `thread: Algoritma ${w.tag} spam (hidden)`,
        ].sort(),
      );
      const people = await search(
        w.asAssistant,
        `q=${encodeURIComponent(`algo ${w.tag}`)}&filter[kind]=person`,
      );
      expect(found(people)).toEqual([`person: Algo ${w.tag} Classmate`]);
      // Someone outside the course (a lecturer of the campus teaching another course) finds none of it.
      expect(
        found(await search(w.asStranger, `q=${w.tag}&filter[kind][in]=content,exam,task,thread`)),
      ).toEqual([]);
    });

    it("finds for a campus admin the campus's courses and people, never another campus's", async () => {
      const w = await world();
      const admin = await h.as(await h.given.user(1, 'admin'));
      const doc = await search(admin, `q=${encodeURIComponent(`algo ${w.tag}`)}`);
      expect(found(doc).sort()).toEqual(
        [
          `course: Algoritma ${w.tag}`,
          `person: Algo ${w.tag} Classmate`,
          `person: Algo ${w.tag} Stranger`,
        ].sort(),
      );
    });
  });

  describe('query syntax', () => {
    it('finds "quoted phrases" in their order, leaves out -words and -"phrases", and takes OR as either', async () => {
      const w = await world();
      const q = async (typed: string) =>
        found(await search(w.asStudent, `q=${encodeURIComponent(typed)}&page[limit]=50`)).sort();
      expect(await q(`"${w.tag} quiz"`)).toEqual([`exam: Algoritma ${w.tag} quiz`]);
      expect(await q(`"quiz ${w.tag}"`)).toEqual([]);
      expect(await q(`algo ${w.tag} -quiz -"${w.tag} essay" -classm`)).toEqual(
        [
          `content: Algoritma ${w.tag} notes`,
          `course: Algoritma ${w.tag}`,
          `thread: Algoritma ${w.tag} question`,
        ].sort(),
      );
      expect(await q(`${w.tag} quiz OR essay`)).toEqual(
        [`exam: Algoritma ${w.tag} quiz`, `task: Algoritma ${w.tag} essay`].sort(),
      );
      // Only words to leave out: nothing to find, so nothing found (not everything else).
      expect(await q(`-${w.tag}`)).toEqual([]);
    });

    it("reads the notes' search the same way, word beginnings included", async () => {
      const c = await cast(h);
      const tag = tagOf();
      const { activity } = await placeIn(c.course.id);
      const loops = await contentOn(c.course.id, activity.id, 'Loops');
      const trees = await contentOn(c.course.id, activity.id, 'Trees');
      const note = (contentId: number, body: string) =>
        c.asStudent.post('/api/course/notes', { data: { attributes: { content_id: contentId, body } } });
      expect((await note(loops.id, `<p>${tag} the loop invariant holds</p>`)).status).toBe(201);
      expect((await note(trees.id, `<p>${tag} a balanced tree holds its height</p>`)).status).toBe(201);
      const notes = async (typed: string) => {
        const response = await c.asStudent.get(
          `/api/course/notes?filter[search]=${encodeURIComponent(typed)}`,
        );
        expect(response.status).toBe(200);
        return list(response.body)
          .map((item) => item.attributes.content_name)
          .sort();
      };
      expect(await notes(`${tag} invar`)).toEqual(['Loops']);
      expect(await notes(`${tag} -invar`)).toEqual(['Trees']);
      expect(await notes(`"${tag} a balanced"`)).toEqual(['Trees']);
      expect(await notes(`${tag} loop OR tree`)).toEqual(['Loops', 'Trees']);
      expect(await notes('-holds')).toEqual([]);
    });
  });

  describe('ranking and snippets', () => {
    it('puts a title hit before a body hit and quotes the visible text around the words, without markup', async () => {
      const c = await cast(h);
      const tag = tagOf();
      const { activity } = await placeIn(c.course.id);
      await contentOn(
        c.course.id,
        activity.id,
        'Week notes',
        `<p>First we <b>sort</b> the list</p><p>then ${tag} graphs</p>`,
      );
      await contentOn(c.course.id, activity.id, `Graphs ${tag}`, '<p>Pictures only</p>');
      const doc = await search(c.asStudent, `q=${encodeURIComponent(`graph ${tag}`)}`);
      expect(found(doc)).toEqual([`content: Graphs ${tag}`, 'content: Week notes']);
      expect(hits(doc)[1].snippet).toBe(`First we sort the list then ${tag} graphs`);
      expect(hits(doc)[0].snippet).toBe('Pictures only');
    });

    it('answers the expressions of the GIN indexes, so a search reads them instead of every row', async () => {
      const tables = {
        course: 'courses',
        content: 'contents',
        exam: 'exam_projections',
        task: 'task_projections',
        thread: 'threads',
        person: 'users',
      } as const;
      await h.ds.transaction(async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        for (const [kind, table] of Object.entries(tables)) {
          const plan: Array<{ 'QUERY PLAN': string }> = await manager.query(
            `EXPLAIN SELECT 1 FROM ${table} t WHERE ${SEARCH_VECTORS[kind as keyof typeof tables]('t')} @@ to_tsquery('simple', 'algo:*')`,
          );
          expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain(`${table}_search_idx`);
        }
      });
    });
  });

  describe('bad input', () => {
    it('refuses a missing, too short or too long q with a 422 naming it, and an unknown kind with a 400', async () => {
      const c = await cast(h);
      for (const query of ['', 'q=a', `q=${'a'.repeat(101)}`, 'q=%20%20b%20']) {
        const response = await c.asStudent.get(`/api/course/search?${query}`);
        expect(response.status).toBe(422);
        expect(response.body.errors?.[0]).toMatchObject({ status: '422', source: { parameter: 'q' } });
      }
      const bad = await c.asStudent.get('/api/course/search?q=algo&filter[kind]=files');
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.[0]).toMatchObject({ source: { parameter: 'filter[kind]' } });
      expect(found(await search(c.asStudent, 'q=%21%21%3F'))).toEqual([]);
    });
  });
});
