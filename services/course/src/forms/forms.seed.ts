import type { EntityManager } from 'typeorm';
import { rubricScore } from '@lms/rubrics';
import { checkFields } from './form-fields';
import { Form, FormAnswer } from './form.entity';

const DAY = 24 * 60 * 60 * 1000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The demo logbook's rubric: how full the entry is, and how well it reflects. */
const LOGBOOK_RUBRIC = {
  name: 'Lab logbook',
  criteria: [
    {
      name: 'Completeness',
      description: 'Every session and its work is written down',
      weight: 50,
      levels: ['Missing', 'Partial', 'Complete'].map((name, index) => ({
        name,
        point: [40, 70, 100][index],
        point_min: 0,
        point_max: 0,
        description: null,
      })),
    },
    {
      name: 'Reflection',
      description: 'What went wrong, and what to try next',
      weight: 50,
      levels: ['None', 'Some', 'Insightful'].map((name, index) => ({
        name,
        point: [40, 70, 100][index],
        point_min: 0,
        point_max: 0,
        description: null,
      })),
    },
  ],
};

/**
 * The demo's daily logbook in IF101's first activity (open from three days ago for a month,
 * assessed by rubric) with two entries of student1 — the day before yesterday's, assessed, and
 * yesterday's, waiting — so today's entry is still theirs to write. Answers the form's id.
 */
export async function seedDemoLogbook(
  manager: EntityManager,
  input: { tenantId: number; courseId: number; activityId: number; lecturerId: number; studentId: number },
): Promise<number> {
  const now = Date.now();
  const { fields } = checkFields([
    { key: 'activities', label: 'What I worked on', type: 'long_text', required: true },
    { key: 'hours', label: 'Hours spent', type: 'number', min: 0, max: 24 },
    { key: 'place', label: 'Where', type: 'choice', options: ['Lab', 'Library', 'Home'] },
  ]);
  const form = await manager.save(
    manager.create(Form, {
      tenantId: input.tenantId,
      courseId: input.courseId,
      formableType: 'activities',
      formableId: input.activityId,
      title: 'Lab logbook',
      type: 'daily',
      date: dayOf(new Date(now - 3 * DAY)),
      month: null,
      startAt: new Date(now - 3 * DAY),
      endAt: new Date(now + 30 * DAY),
      isFileRequired: false,
      assessmentMethod: 'rubric',
      rubric: LOGBOOK_RUBRIC,
      lists: fields,
      createdBy: input.lecturerId,
    }),
  );
  const assessed = rubricScore(LOGBOOK_RUBRIC, [
    { criterion: 0, level: 2 },
    { criterion: 1, level: 1 },
  ]);
  if (!assessed.ok) throw new Error('the demo logbook rubric does not score');
  const entry = (daysAgo: number, activities: string, hours: number) => ({
    tenantId: input.tenantId,
    formId: form.id,
    courseId: input.courseId,
    studentId: input.studentId,
    period: dayOf(new Date(now - daysAgo * DAY)),
    lists: [
      { key: 'activities', value: activities },
      { key: 'hours', value: hours },
      { key: 'place', value: 'Lab' },
    ],
    files: [],
    createdAt: new Date(now - daysAgo * DAY),
  });
  await manager.save(FormAnswer, [
    manager.create(FormAnswer, {
      ...entry(2, 'Traced the bubble sort by hand on five arrays; wrote the loop invariant.', 2),
      rubrics: assessed.value.choices,
      score: assessed.value.score,
      feedback: 'Complete — say next time why the invariant holds after the swap.',
      assessedBy: input.lecturerId,
      assessedAt: new Date(now - DAY),
    }),
    manager.create(FormAnswer, {
      ...entry(1, 'Implemented binary search; an off-by-one in the upper bound took an hour to find.', 3),
      rubrics: null,
      score: null,
      feedback: null,
      assessedBy: null,
      assessedAt: null,
    }),
  ]);
  return form.id;
}
