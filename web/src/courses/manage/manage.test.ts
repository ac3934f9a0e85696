import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n';
import type { Content } from '../content/contentsApi';
import type { Course } from '../coursesApi';
import { invitable } from './CourseSettingsPage';
import { placeOf } from './DeletedContentsPage';

describe('management helpers', () => {
  const t = i18n.t.bind(i18n);

  it('places an archived content in its module or activity', () => {
    const course = {
      id: '1',
      name: 'Algorithms',
      modules: [{ id: '2', name: 'Intro', index: 0, activities: [{ id: '5', name: 'What', index: 0 }] }],
    } as Course;
    const content = (type: string, id: number) => ({ contentable_type: type, contentable_id: id }) as Content;
    expect(placeOf(t, course, content('activities', 5))).toBe('Intro · What');
    expect(placeOf(t, course, content('modules', 2))).toBe('Intro');
    expect(placeOf(t, course, content('courses', 1))).toBe('Algorithms');
    expect(placeOf(t, course, content('modules', 99))).toBeNull();
  });

  it('offers lecturers who neither teach nor assist the course', () => {
    const lecturers = [{ user_id: 1 }, { user_id: 2 }, { user_id: 3 }];
    expect(invitable(lecturers, 1, [3])).toEqual([{ user_id: 2 }]);
  });
});
