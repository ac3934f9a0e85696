import { createHmac } from 'node:crypto';
import { expectEventually } from '@lms/testing';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
}

/**
 * Issue 15's groups and virtual labs in a browser on the real services: the lecturer generates a
 * set of groups (previewed first), moves a student to the other group and makes them its leader;
 * the student sees their group. The lecturer adds a virtual lab to the first activity and is shown
 * its secret once; a result posted with that secret's signature, as the lab would, shows on the
 * student's leaderboard with the chart of their attempts. Axe clean, at 1366 and 390 px.
 */
describe('course groups and virtual labs', () => {
  let web: BrowserPlatform;
  let lecturer: string;
  let courseId: string;

  const api = async (path: string, token = lecturer) => {
    const response = await fetch(`${web.base}/api/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: Resource | Resource[] };
  };
  const groupsOfSet = async (set: string) =>
    ((await api(`course/groups?filter[course_id][is]=${courseId}&page[limit]=0`)).data as Resource[]).filter(
      (group) => group.attributes.groups_type === set,
    );
  const membersOf = (group: Resource) =>
    group.attributes.users as Array<{ id: number; name: string; is_leader: boolean }>;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    lecturer = await apiToken(web.base, 'lecturer');
    const courses = (await api('course/courses')).data as Resource[];
    courseId = (courses.find((item) => item.attributes.code === 'IF101') ?? courses[0]).id;
  });

  afterAll(() => web?.stop());

  it('generates a set after a preview, moves a student and makes them leader; the student sees their group', async () => {
    const { page: page, errors: errors } = await web.signedIn('lecturer');
    await page.goto(`${web.base}/courses/${courseId}`);
    await page.getByRole('link', { name: 'Groups' }).click();
    await page.getByRole('heading', { name: /^Groups: Algorithms and Programming/, level: 1 }).waitFor();
    // the demo seed's set is there
    await page.getByRole('heading', { name: 'Team 1' }).waitFor();

    const form = page.getByRole('region', { name: 'Generate groups' });
    await form.getByLabel('Set', { exact: true }).fill('Lab pairs');
    await form.getByLabel('Groups’ name').fill('Pair');
    await form.getByRole('radio', { name: 'a number of groups' }).check();
    await form.getByRole('spinbutton', { name: 'Number of groups' }).fill('2');
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: '2 groups for “Lab pairs”' });
    await preview.waitFor();
    expect(await preview.getByRole('listitem').count()).toBe(2);
    // nothing is saved by a preview
    expect(await groupsOfSet('Lab pairs')).toEqual([]);
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'groups-preview-1366');
    await preview.getByRole('button', { name: 'Save these groups' }).click();
    await page.getByRole('heading', { name: 'Pair 2' }).waitFor();
    expect(await page.getByLabel('Set of groups').inputValue()).toBe('Lab pairs');

    const saved = await groupsOfSet('Lab pairs');
    expect(saved.map((group) => membersOf(group).length).sort()).toEqual([1, 2]);
    const [big, small] = saved.sort((a, b) => membersOf(b).length - membersOf(a).length);
    const moving = membersOf(big).find((member) => !member.is_leader)!;
    await page.getByLabel(`Move ${moving.name} to`).selectOption({ label: String(small.attributes.name) });
    await page
      .getByRole('list', { name: `Members of ${small.attributes.name}` })
      .getByText(moving.name)
      .waitFor();
    await page.getByLabel(`Make ${moving.name} the leader of ${small.attributes.name}`).click();
    await expectEventually(async () => {
      const after = await groupsOfSet('Lab pairs');
      const target = after.find((group) => group.id === small.id)!;
      expect(membersOf(target).find((member) => member.id === moving.id)?.is_leader).toBe(true);
      expect(membersOf(after.find((group) => group.id === big.id)!).map((member) => member.id)).not.toContain(
        moving.id,
      );
    });
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'groups-manager-1366');
    await page.setViewportSize({ width: 390, height: 900 });
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'groups-manager-390');
    expect(errors).toEqual([]);
    await page.context().close();

    // the student moved sees the group they lead
    const username = (
      (await api(`course/courses/${courseId}/students?page[limit]=0`)).data as Resource[]
    ).find((student) => Number(student.attributes.user_id) === moving.id)?.attributes.username;
    const { page: student, errors: studentErrors } = await web.signedIn(String(username ?? 'student1'), {
      width: 390,
    });
    await student.goto(`${web.base}/courses/${courseId}/groups`);
    const mine = student.getByRole('list', { name: `Members of ${small.attributes.name}` });
    await mine.waitFor();
    await mine.getByText('Leader').waitFor();
    await settled(student);
    expect(await seriousA11yViolations(student)).toEqual([]);
    await screenshot(student, 'groups-student-390');
    expect(studentErrors).toEqual([]);
    await student.context().close();
  });

  it('adds a lab, shows its secret once, and a signed result reaches the student’s leaderboard', async () => {
    const { page: page, errors: errors } = await web.signedIn('lecturer');
    await page.goto(`${web.base}/courses/${courseId}`);
    const labs = page.getByRole('region', { name: 'Virtual labs' });
    await labs.getByText('Flowchart simulator').waitFor();
    await labs.getByRole('button', { name: 'Add a virtual lab' }).click();
    await labs.getByRole('textbox', { name: 'Name', exact: true }).fill('Sorting race');
    await labs.getByLabel('Address (https)').fill('https://lab.example.edu/sorting');
    await labs.getByRole('button', { name: 'Create lab' }).click();
    const secret = (await page.getByTestId('vlab-secret').textContent())!.trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'vlabs-reader-staff-1366');
    expect(errors).toEqual([]);
    await page.context().close();

    const lab = (
      (await api(`course/vlabs?filter[course_id][is]=${courseId}&page[limit]=0`)).data as Resource[]
    ).find((item) => item.attributes.name === 'Sorting race')!;
    const student1 = await apiToken(web.base, 'student1');
    const me = (await api('login/me', student1)).data as Resource;
    // the lab reports two attempts, signed with its secret; a tampered one is refused
    const report = async (score: number, sign = secret) => {
      const body = JSON.stringify({ user_id: Number(me.id), score });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', sign).update(`${timestamp}.${body}`).digest('hex');
      return fetch(`${web.base}/api/course/vlabs/${lab.id}/results`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-vlab-timestamp': timestamp,
          'x-vlab-signature': `sha256=${signature}`,
        },
        body,
      });
    };
    expect((await report(64)).status).toBe(201);
    expect((await report(97)).status).toBe(201);
    expect((await report(100, 'f'.repeat(64))).status).toBe(401);

    const { page: student, errors: studentErrors } = await web.signedIn('student1');
    await student.goto(`${web.base}/courses/${courseId}`);
    await student
      .getByRole('region', { name: 'Virtual labs' })
      .getByRole('link', { name: 'Results of “Sorting race”' })
      .click();
    await student.getByRole('heading', { name: 'Sorting race', level: 1 }).waitFor();
    const board = student.getByTestId('leaderboard');
    const myRow = board.locator('tr[aria-current="true"]');
    await myRow.getByText('97').waitFor();
    expect(await board.locator('tbody tr').count()).toBe(1);
    await student.getByRole('figure', { name: 'Score per attempt' }).waitFor();
    await settled(student);
    expect(await seriousA11yViolations(student)).toEqual([]);
    await screenshot(student, 'vlab-result-1366');
    await student.setViewportSize({ width: 390, height: 900 });
    await settled(student);
    expect(await seriousA11yViolations(student)).toEqual([]);
    await screenshot(student, 'vlab-result-390');
    expect(studentErrors).toEqual([]);
    await student.context().close();
  });
});
