import { GroupPlanError, groupSizes, planGroups, shuffle } from './groups.plan';

describe('group generation plan', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, index) => 100 + index);

  it('sizes by group count: sizes differ by at most one', () => {
    expect(groupSizes(10, { groupCount: 3 })).toEqual([4, 3, 3]);
    expect(groupSizes(9, { groupCount: 3 })).toEqual([3, 3, 3]);
    expect(groupSizes(1, { groupCount: 1 })).toEqual([1]);
  });

  it('sizes by student count: full groups, the remainder spread over them', () => {
    expect(groupSizes(8, { studentCount: 2 })).toEqual([2, 2, 2, 2]);
    expect(groupSizes(7, { studentCount: 2 })).toEqual([3, 2, 2]);
    expect(groupSizes(11, { studentCount: 4 })).toEqual([6, 5]);
    // Fewer students than a group holds: one smaller group.
    expect(groupSizes(1, { studentCount: 3 })).toEqual([1]);
  });

  it('refuses no students and more groups than students', () => {
    expect(() => groupSizes(0, { studentCount: 2 })).toThrow(GroupPlanError);
    expect(() => groupSizes(0, { groupCount: 1 })).toThrow('no students');
    expect(() => groupSizes(3, { groupCount: 4 })).toThrow(
      "group_count (4) is more than the course's 3 students",
    );
  });

  it('shuffles reproducibly for a seed, whatever order the students come in', () => {
    const once = shuffle(ids(20), 'seed-a');
    expect(shuffle([...ids(20)].reverse(), 'seed-a')).toEqual(once);
    expect(shuffle(ids(20), 'seed-b')).not.toEqual(once);
    expect([...once].sort()).toEqual(ids(20));
    expect(once).not.toEqual(ids(20));
  });

  it('puts every student in exactly one named group', () => {
    const groups = planGroups(ids(7), { studentCount: 2 }, 's', 'Team');
    expect(groups.map((group) => group.name)).toEqual(['Team 1', 'Team 2', 'Team 3']);
    expect(groups.map((group) => group.memberIds.length)).toEqual([3, 2, 2]);
    expect(groups.flatMap((group) => group.memberIds).sort()).toEqual(ids(7));
  });
});
