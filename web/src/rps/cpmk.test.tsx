import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { many, one, resource, user } from '../test/factories';
import { json, serve } from '../test/server';

const quietLayout = {
  'GET /api/login/me': () =>
    json(200, one(user({ name: 'Dewi Lecturer', username: 'lecturer', level: 'lecturer' }, '2'))),
  'GET /api/notifications/:userId': () => json(200, { ...many([]), meta: { total: 0, unread: 0 } }),
  'GET /api/message/unread': () => json(200, one(resource('chat-unread', { count: 0, rooms: [] }, '4'))),
  'GET /api/course/announcements/popups': () => json(200, many([])),
};
const callTo = (calls: Request[], method: string, path: string) =>
  calls.filter((call) => call.method === method && new URL(call.url).pathname === path);
const attributesOf = async (request: Request) =>
  ((await request.clone().json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;

const head = { course_id: 3, rps_id: 7, rps_status: 'approved' };
const stage1 = (computed: boolean) =>
  resource(
    'cpmk-stage1',
    {
      ...head,
      cpmk: [
        { code: 'CPMK-1', description: 'Chooses data structures', cpl: ['CPL-1'] },
        { code: 'CPMK-2', description: 'Analyses algorithms', cpl: ['CPL-1', 'CPL-2'] },
      ],
      assessments: [
        { type: 'exam', id: 11, title: 'Midterm' },
        { type: 'task', id: 21, title: 'Task 1' },
      ],
      mappings: [{ assessment_type: 'exam', assessment_id: 11, cpmk: 'CPMK-1', weight: 30 }],
      students: computed
        ? [{ student_id: 5, name: 'Ani Lestari', scores: { 'CPMK-1': 74, 'CPMK-2': 85 } }]
        : [],
      computed_at: computed ? '2026-11-25T00:00:00Z' : null,
    },
    '3',
  );
const stage2 = resource(
  'cpmk-stage2',
  {
    ...head,
    results: [
      {
        cpmk: 'CPMK-1',
        description: 'Chooses data structures',
        students: 3,
        mean_score: 49,
        threshold: 60,
        reached: 1,
        reached_percent: 33.33,
      },
    ],
  },
  '3',
);
const config = resource(
  'cpmk-stage2-config',
  {
    ...head,
    default_threshold: 60,
    thresholds: [
      { cpmk: 'CPMK-1', threshold: 60, is_default: true },
      { cpmk: 'CPMK-2', threshold: 55, is_default: false },
    ],
  },
  '3',
);
const stage3 = resource(
  'cpmk-stage3',
  {
    ...head,
    results: [
      {
        cpl: 'CPL-1',
        description: 'Designs solutions',
        cpmk: [{ cpmk: 'CPMK-1', weight: 50 }],
        score: 49,
        reached_percent: 33.33,
      },
    ],
  },
  '3',
);

describe('CPMK measurement screen', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('maps assessments to CPMK with weights, computes the stages and shows the class and CPL attainment', async () => {
    signedIn();
    let computed = false;
    const calls = serve({
      ...quietLayout,
      'GET /api/cpmk/measurement/stage1': () => json(200, one(stage1(computed))),
      'GET /api/cpmk/measurement/stage2': () => json(200, one(stage2)),
      'GET /api/cpmk/measurement/stage2/config': () => json(200, one(config)),
      'GET /api/cpmk/measurement/stage3': () => json(200, one(stage3)),
      'POST /api/cpmk/calculate/stage1': () => {
        computed = true;
        return json(200, one(stage1(true)));
      },
      'POST /api/cpmk/calculate/stage2/score': () => json(200, one(stage2)),
      'POST /api/cpmk/calculate/stage2/threshold': () => json(200, one(stage2)),
      'DELETE /api/cpmk/measurement': () => new Response(null, { status: 204 }),
    });
    start('/courses/3/cpmk');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course learning outcomes' })).toBeTruthy();
    const saved = (await screen.findByLabelText('Weight of Midterm for CPMK-1')) as HTMLInputElement;
    expect(saved.value).toBe('30');
    expect(screen.getByText('Not computed yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Weight of Task 1 for CPMK-2'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and compute the students’ attainment' }));
    await waitFor(() => expect(callTo(calls, 'POST', '/api/cpmk/calculate/stage1')).toHaveLength(1));
    expect(await attributesOf(callTo(calls, 'POST', '/api/cpmk/calculate/stage1')[0])).toEqual({
      course_id: 3,
      mappings: [
        { assessment_type: 'exam', assessment_id: 11, cpmk: 'CPMK-1', weight: 30 },
        { assessment_type: 'task', assessment_id: 21, cpmk: 'CPMK-2', weight: 20 },
      ],
    });
    expect(await screen.findByText('Attainment computed for 1 student.')).toBeTruthy();
    const students = await screen.findByRole('table', { name: 'Attainment per student and CPMK (0–100)' });
    const ani = within(students).getByRole('row', { name: /Ani Lestari/ });
    expect(within(ani).getByText('74')).toBeTruthy();
    expect(within(ani).getByText('85')).toBeTruthy();

    const threshold = screen.getByLabelText('Threshold of CPMK-2') as HTMLInputElement;
    expect(threshold.value).toBe('55');
    fireEvent.change(screen.getByLabelText('Threshold of CPMK-1'), { target: { value: '65' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compute the class attainment' }));
    await waitFor(() =>
      expect(callTo(calls, 'POST', '/api/cpmk/calculate/stage2/threshold')).toHaveLength(1),
    );
    expect(callTo(calls, 'POST', '/api/cpmk/calculate/stage2/score')).toHaveLength(1);
    expect(await attributesOf(callTo(calls, 'POST', '/api/cpmk/calculate/stage2/threshold')[0])).toEqual({
      course_id: 3,
      thresholds: [
        { cpmk: 'CPMK-1', threshold: 65 },
        { cpmk: 'CPMK-2', threshold: 55 },
      ],
    });
    expect(await screen.findByText('Class attainment computed.')).toBeTruthy();
    const chart = screen.getByRole('figure', { name: 'Class attainment per CPMK against its threshold' });
    expect(within(chart).getByRole('row', { name: /CPMK-1 49 60 1 \/ 3 33.33/ })).toBeTruthy();
    const cpl = screen.getByRole('table', { name: 'CPL attainment from the CPMK serving them' });
    expect(within(cpl).getByText('CPMK-1 (50)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear the computed results' }));
    await waitFor(() => expect(callTo(calls, 'DELETE', '/api/cpmk/measurement')).toHaveLength(1));
    expect(new URL(callTo(calls, 'DELETE', '/api/cpmk/measurement')[0].url).search).toBe('?course_id=3');
  });

  it('says so when the course has no semester plan with CPMK', async () => {
    signedIn();
    serve({
      ...quietLayout,
      'GET /api/cpmk/measurement/stage1': () =>
        json(200, one(resource('cpmk-stage1', { ...stage1(false).attributes, cpmk: [] }, '3'))),
      'GET /api/cpmk/measurement/stage2': () => json(200, one(stage2)),
      'GET /api/cpmk/measurement/stage2/config': () => json(200, one(config)),
      'GET /api/cpmk/measurement/stage3': () => json(200, one(stage3)),
    });
    start('/courses/3/cpmk');
    expect(
      await screen.findByText('The course has no semester plan with CPMK yet: fill in its RPS first.'),
    ).toBeTruthy();
  });
});
