import { startBrowserPlatform, type BrowserPlatform, type SignedIn } from '../support/browser-platform';
import {
  apiToken,
  lecturersFirstCourse,
  screenshot,
  seriousA11yViolations,
  settled,
} from '../support/browser';

/**
 * Issue 19's semester plan (RPS) in a browser on the real services, on the demo campus: the
 * lecturer fills stage 1 in the editor (the other ten through the API: typing all eleven would only
 * make the test slow) and submits; kaprodi, the approver, returns it with a comment at phone width;
 * the lecturer revises and submits again, kaprodi approves; the public preview opens signed out.
 * Before that, the CPMK measurement of issue 19 on the demo's approved plan and seeded scores.
 * Axe clean on each screen.
 */
describe('semester plans in the browser', () => {
  let web: BrowserPlatform;
  let base: string;
  let courseId: string;
  const contexts: SignedIn[] = [];
  const CURRICULUM = '2026';
  const preview = () => `${base}/courses/${courseId}/rps/preview/IF101/${CURRICULUM}`;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    base = web.base;
    courseId = await lecturersFirstCourse(base);
  });

  afterAll(async () => {
    for (const signed of contexts) await signed.context.close();
    await web?.stop();
  });

  const signedIn = async (username: string, width = 1366) => {
    const signed = await web.signedIn(username, { width });
    contexts.push(signed);
    return signed;
  };
  const api = async (username: string, method: string, path: string, attributes: Record<string, unknown>) => {
    const response = await fetch(`${base}/api/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await apiToken(base, username)}`,
        'content-type': 'application/vnd.api+json',
      },
      body: JSON.stringify({ data: { attributes } }),
    });
    expect(response.status).toBeLessThan(300);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const axeClean = async (signed: SignedIn, name: string) => {
    await settled(signed.page);
    expect(await seriousA11yViolations(signed.page)).toEqual([]);
    await screenshot(signed.page, name);
    expect(signed.errors).toEqual([]);
  };

  // First: the demo's approved plan (CPMK-1, CPMK-2) is the one measured until this file approves another.
  it("measures the CPMK from the seeded scores: the lecturer maps the quiz and the project, the class's attainment is charted", async () => {
    const lecturer = await signedIn('lecturer');
    const { page } = lecturer;
    await page.goto(`${base}/courses/${courseId}/cpmk`);
    const mapping = page.getByRole('form', { name: '1. Assessments and CPMK' });
    await mapping.getByLabel('Weight of Quiz 1: Branching and loops for CPMK-1').fill('100');
    await mapping.getByLabel('Weight of Group project: a number-guessing game for CPMK-2').fill('100');
    await mapping.getByRole('button', { name: 'Save and compute the students’ attainment' }).click();
    // the seed's scores, arrived by event: student2 98.13 and student3 31.25 on the quiz; group 1
    // (student1, student2) 82 on the project
    const students = page.getByRole('table', { name: 'Attainment per student and CPMK (0–100)' });
    await students.getByRole('row').filter({ hasText: '98.13' }).filter({ hasText: '82' }).waitFor();
    await students.getByRole('row').filter({ hasText: '31.25' }).waitFor();
    await page.getByRole('button', { name: 'Compute the class attainment' }).click();
    const chart = page.getByRole('figure', { name: 'Class attainment per CPMK against its threshold' });
    await chart.waitFor();
    await chart.getByText('Show as a table').click();
    await chart.getByRole('row', { name: /^CPMK-1/ }).waitFor();
    await page.getByRole('table', { name: 'CPL attainment from the CPMK serving them' }).waitFor();
    await axeClean(lecturer, 'cpmk-lecturer-1366');

    const phone = await signedIn('lecturer', 390);
    await phone.page.goto(`${base}/courses/${courseId}/cpmk`);
    await phone.page.getByRole('table', { name: 'Attainment per student and CPMK (0–100)' }).waitFor();
    expect((await phone.page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(
      390,
    );
    await axeClean(phone, 'cpmk-lecturer-390');
  });

  it('goes from draft to approved: filled, submitted, returned with a comment, revised, approved, public', async () => {
    const plan = await api('lecturer', 'POST', 'rps/v1/rps', {
      course_id: Number(courseId),
      curriculum: CURRICULUM,
    });
    const stage = (slug: string, attributes: Record<string, unknown>) =>
      api('lecturer', 'PATCH', `rps/v1/rps/${plan.id}/stages/${slug}`, attributes);
    await stage('bahan-kajian', { topics: [{ name: 'Selection and repetition', description: '' }] });
    await stage('cpl', { cpl: [{ code: 'CPL-03', description: 'Designs computational solutions.' }] });
    await stage('cpmk', {
      cpmk: [{ code: 'CPMK-1', description: 'Writes correct algorithms.', cpl: ['CPL-03'], sub_cpmk: [] }],
    });
    await stage('rujukan', {
      references: [{ type: 'main', citation: 'Cormen et al., Introduction to Algorithms' }],
    });
    await stage('evaluasi', { evaluations: [{ name: 'Final exam', cpmk: ['CPMK-1'], weight: 100 }] });
    await stage('rps-utama', {
      weeks: [{ week: 1, sub_cpmk: '', topic: 'Algorithms', indicators: '', criteria: '', weight: 100 }],
    });

    // the lecturer types stage 1 in the editor: it saves itself, and the stage is done
    const lecturer = await signedIn('lecturer');
    await lecturer.page.goto(preview());
    const stages = lecturer.page.getByRole('region', { name: 'Stages' });
    await stages.getByRole('listitem').first().getByText('Not done').waitFor();
    await axeClean(lecturer, 'rps-preview-draft-1366');
    await stages.getByRole('link', { name: 'Edit 1. General course information' }).click();
    await lecturer.page.getByLabel('Course description').fill('From flowcharts to tested programs.');
    await lecturer.page.getByLabel('Notes').fill('Lab sessions in room 2.');
    await lecturer.page
      .getByLabel('Policy on the use of AI')
      .fill('AI help is declared in every submission.');
    await lecturer.page.getByText('All changes saved').waitFor();
    await axeClean(lecturer, 'rps-stage-editor-1366');
    await lecturer.page.getByRole('link', { name: 'Back to the plan' }).click();
    await stages.getByRole('listitem').first().getByText('Done').waitFor();
    await lecturer.page.getByRole('button', { name: 'Submit for approval' }).click();
    await lecturer.page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();

    // kaprodi returns it with a comment, on a phone
    const kaprodi = await signedIn('kaprodi', 390);
    await kaprodi.page.goto(`${base}/rps?status=submitted`);
    await kaprodi.page.getByRole('link', { name: `Open IF101 ${CURRICULUM}` }).click();
    await kaprodi.page.getByLabel('Comment for the lecturer').fill('Add a supporting reference.');
    await axeClean(kaprodi, 'rps-approver-390');
    await kaprodi.page.getByRole('button', { name: 'Return with comment' }).click();
    await kaprodi.page.getByRole('heading', { name: 'Returned for revision' }).waitFor();

    // the lecturer reads the comment, revises in the editor and submits again
    await lecturer.page.goto(preview());
    await lecturer.page.getByText('Add a supporting reference.').waitFor();
    await lecturer.page
      .getByRole('region', { name: 'Stages' })
      .getByRole('link', { name: 'Edit 5. References' })
      .click();
    await lecturer.page.getByRole('button', { name: 'Add' }).click();
    await lecturer.page.getByLabel('Kind').nth(1).selectOption('supporting');
    await lecturer.page.getByLabel('Citation').nth(1).fill('Downey, Think Python');
    await lecturer.page.getByText('All changes saved').waitFor();
    await lecturer.page.getByRole('link', { name: 'Back to the plan' }).click();
    await lecturer.page.getByRole('button', { name: 'Submit for approval' }).click();
    await lecturer.page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();

    await kaprodi.page.reload();
    await kaprodi.page.getByRole('button', { name: 'Approve' }).click();
    await kaprodi.page.getByRole('heading', { name: 'Approved' }).waitFor();

    // anyone, signed out
    const visitor = await web.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await visitor.newPage();
    await page.goto(`${base}/pages/preview-rps/IF101/${CURRICULUM}`);
    await page.getByRole('heading', { level: 1, name: 'IF101 · Algorithms and Programming' }).waitFor();
    await page.getByText('Downey, Think Python').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'rps-public-390');
    await visitor.close();
  });
});
