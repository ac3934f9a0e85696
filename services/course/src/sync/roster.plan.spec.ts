import { planRoster, type RosterInput } from './roster.plan';

const student = (nim: string) => ({ nim, name: `Student ${nim}` });

/** Classes A (id 10) and B (id 20) from the academic system; class C (id 30) only in the LMS. */
const input = (overrides: Partial<RosterInput>): RosterInput => ({
  classes: [
    { name: 'A', students: [student('001'), student('002')] },
    { name: 'B', students: [student('003')] },
  ],
  classIds: new Map([
    ['A', 10],
    ['B', 20],
  ]),
  usersByNim: new Map([
    ['001', [1]],
    ['002', [2]],
    ['003', [3]],
  ]),
  members: [],
  ...overrides,
});

describe('planRoster (academic sync roster diff)', () => {
  it('adds every matched student to the class the academic system names, ordered by class and user', () => {
    const plan = planRoster(input({}));
    expect(plan.added).toEqual([
      { class_id: 10, user_id: 1 },
      { class_id: 10, user_id: 2 },
      { class_id: 20, user_id: 3 },
    ]);
    expect(plan.removed).toEqual([]);
    expect(plan.placed).toBe(3);
  });

  it('changes nothing when the course already matches the roster', () => {
    const members = [
      { class_id: 10, user_id: 1 },
      { class_id: 10, user_id: 2 },
      { class_id: 20, user_id: 3 },
    ];
    expect(planRoster(input({ members }))).toMatchObject({ added: [], removed: [] });
  });

  it('drops students a synced class no longer lists, and moves a student between classes', () => {
    const members = [
      { class_id: 10, user_id: 1 },
      { class_id: 10, user_id: 3 }, // now placed in B
      { class_id: 20, user_id: 9 }, // no longer in B
    ];
    const plan = planRoster(input({ members }));
    expect(plan.removed).toEqual([
      { class_id: 10, user_id: 3 },
      { class_id: 20, user_id: 9 },
    ]);
    expect(plan.added).toEqual([
      { class_id: 10, user_id: 2 },
      { class_id: 20, user_id: 3 },
    ]);
  });

  it('keeps the other students of a class the academic system does not list, but takes out one it places elsewhere', () => {
    const members = [
      { class_id: 30, user_id: 7 },
      { class_id: 30, user_id: 2 },
    ];
    const plan = planRoster(input({ members }));
    expect(plan.removed).toEqual([{ class_id: 30, user_id: 2 }]);
    expect(plan.added).toContainEqual({ class_id: 10, user_id: 2 });
  });

  it('reports students without an account, or with more than one, instead of placing them', () => {
    const usersByNim = new Map([
      ['001', [1]],
      ['002', [2, 5]],
    ]);
    const plan = planRoster(input({ usersByNim }));
    expect(plan.added).toEqual([{ class_id: 10, user_id: 1 }]);
    expect(plan.placed).toBe(1);
    expect(plan.unmatchedStudents).toEqual([
      { nim: '002', name: 'Student 002', class_name: 'A' },
      { nim: '003', name: 'Student 003', class_name: 'B' },
    ]);
  });
});
