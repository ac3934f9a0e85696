import { formatWireDate } from '@lms/jsonapi';
import { errorPointers } from '@lms/testing';
import { list, MessagingHarness, one } from './support/harness';

const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });
const HOUR = 3_600_000;
/** A wire date in the harness campus's zone (Asia/Jakarta), `offset` ms from now. */
const wire = (offset: number) => formatWireDate(new Date(Date.now() + offset), 'Asia/Jakarta');

/**
 * Course announcements (issue 18, spec 02 §7): the course's staff publish and change them; its
 * students read only the active ones; a popup is shown once per user; nobody outside the course
 * (another campus included) reads or writes them.
 */
describe('course announcements', () => {
  const h = new MessagingHarness();
  let c: Awaited<ReturnType<MessagingHarness['classroom']>>;
  beforeAll(async () => {
    await h.start();
    await h.campuses();
    c = await h.classroom();
  });
  afterAll(() => h.stop());

  const publish = (attributes: Record<string, unknown>) =>
    c.asLecturer.post(
      '/api/course/announcements',
      body({
        course_id: c.course.id,
        announcement: 'Midterm moved to Friday',
        urgency: 'high',
        announcements_type: 'section',
        start_at: wire(-HOUR),
        end_at: wire(HOUR),
        ...attributes,
      }),
    );
  const subjects = async (client: typeof c.asStudent, query = '') =>
    list(
      (await client.get(`/api/course/announcements?filter[course_id]=${c.course.id}&page[limit]=-1${query}`))
        .body,
    ).map((a) => a.attributes.announcement);

  it('lists only the active announcements to students, every one to the staff', async () => {
    const current = await publish({ announcement: 'Now' });
    expect(current.status).toBe(201);
    expect(one(current.body).attributes).toMatchObject({
      course_id: c.course.id,
      announcement: '<p>Now</p>',
      urgency: 'high',
      announcements_type: 'section',
      is_active: true,
      creator_name: 'Dr. Lina',
      can_edit: true,
    });
    await publish({ announcement: 'Later', start_at: wire(2 * HOUR), end_at: wire(3 * HOUR) });
    await publish({ announcement: 'Over', start_at: wire(-3 * HOUR), end_at: wire(-2 * HOUR) });
    expect(await subjects(c.asStudent)).toEqual(['<p>Now</p>']);
    expect((await subjects(c.asAssistant)).sort()).toEqual(['<p>Later</p>', '<p>Now</p>', '<p>Over</p>']);
    expect(await subjects(c.asOutsider)).toEqual([]);
    expect(await subjects(c.asElsewhere)).toEqual([]);
    const later = list(
      (await c.asLecturer.get(`/api/course/announcements?filter[course_id]=${c.course.id}&sort=-start_at`))
        .body,
    )[0];
    expect((await c.asStudent.get(`/api/course/announcements/${later.id}`)).status).toBe(404);
    // moved into the window, the students see it
    const moved = await c.asLecturer.patch(
      `/api/course/announcements/${later.id}`,
      body({ start_at: wire(-HOUR / 2) }),
    );
    expect(moved.status).toBe(200);
    expect(await subjects(c.asStudent)).toEqual(expect.arrayContaining(['<p>Later</p>', '<p>Now</p>']));
    const events = await h.events('messaging.announcement.published');
    expect(events.map((e) => [e.data.title, e.data.updated])).toEqual(
      expect.arrayContaining([
        ['Now', false],
        ['Later', true],
      ]),
    );
  });

  it('lets only the course staff write (student 403, outsider and other campus 404), refusing bad input', async () => {
    const attributes = {
      course_id: c.course.id,
      announcement: 'x',
      urgency: 'low',
      announcements_type: 'popup',
      start_at: wire(0),
      end_at: wire(HOUR),
    };
    expect((await c.asStudent.post('/api/course/announcements', body(attributes))).status).toBe(403);
    expect((await c.asOutsider.post('/api/course/announcements', body(attributes))).status).toBe(404);
    expect((await c.asElsewhere.post('/api/course/announcements', body(attributes))).status).toBe(404);
    const backwards = await publish({ start_at: wire(HOUR), end_at: wire(0) });
    expect(errorPointers(backwards.body)).toEqual(['/data/attributes/end_at']);
    const bad = await publish({
      urgency: 'panic',
      announcements_type: 'banner',
      announcement: '<script></script>',
    });
    expect(bad.status).toBe(422);
    expect(errorPointers(bad.body)).toEqual(
      expect.arrayContaining(['/data/attributes/urgency', '/data/attributes/announcements_type']),
    );
    const [announcement] = list(
      (await c.asStudent.get(`/api/course/announcements?filter[course_id]=${c.course.id}`)).body,
    );
    expect(
      (await c.asStudent.patch(`/api/course/announcements/${announcement.id}`, body({ urgency: 'low' })))
        .status,
    ).toBe(403);
    expect(
      (await c.asElsewhere.patch(`/api/course/announcements/${announcement.id}`, body({ urgency: 'low' })))
        .status,
    ).toBe(404);
  });

  it('shows an active popup once per user: it leaves their popups once seen, not anyone else’s', async () => {
    const popup = await publish({ announcement: 'Welcome!', announcements_type: 'popup' });
    await publish({
      announcement: 'Not yet',
      announcements_type: 'popup',
      start_at: wire(HOUR),
      end_at: wire(2 * HOUR),
    });
    const id = one(popup.body).id;
    const popupsOf = async (client: typeof c.asStudent) =>
      list((await client.get('/api/course/announcements/popups')).body).map((a) => a.id);
    expect(await popupsOf(c.asStudent)).toEqual([id]);
    expect(await popupsOf(c.asDeskmate)).toEqual([id]);
    expect(await popupsOf(c.asOutsider)).toEqual([]);
    const seen = await c.asStudent.post(`/api/course/announcements/${id}/seen`);
    expect(seen.status).toBe(200);
    expect(one(seen.body).attributes.seen).toBe(true);
    expect((await c.asStudent.post(`/api/course/announcements/${id}/seen`)).status).toBe(200);
    expect(await popupsOf(c.asStudent)).toEqual([]);
    expect(await popupsOf(c.asDeskmate)).toEqual([id]);
    expect((await c.asOutsider.post(`/api/course/announcements/${id}/seen`)).status).toBe(404);
    expect((await c.asElsewhere.post(`/api/course/announcements/${id}/seen`)).status).toBe(404);
  });
});
