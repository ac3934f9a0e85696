import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { CourseCard } from './CourseCard';
import type { ShownCourse } from './coursesApi';

const banner = (course: Partial<ShownCourse>) => {
  render(
    <MemoryRouter>
      <CourseCard course={{ id: '1', name: 'Open Learning Basics', ...course } as ShownCourse} />
    </MemoryRouter>,
  );
  return screen.getByRole('article').querySelector('[aria-hidden="true"]')?.textContent;
};

describe('a course card', () => {
  afterEach(cleanup);

  it('shows the whole course code on its banner', () => {
    expect(banner({ code: 'OPEN101' })).toBe('OPEN101');
  });

  it("shows a course without a code by its name's initials", () => {
    expect(banner({ code: null })).toBe('OLB');
  });
});
