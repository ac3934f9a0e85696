import { UpstreamError } from '@lms/platform';
import { readAcademicCourse } from './http.academic-system';

const query = { campusId: 1, year: 2025, type: 'GANJIL', code: 'IF101' };
const answer = (overrides: Record<string, unknown> = {}) => ({
  code: 'IF101',
  name: ' Algorithms ',
  year: 2025,
  type: 'Ganjil',
  lecturer: { nidn: ' 0401010001 ' },
  classes: [
    { name: 'A', students: [{ nim: '2301001', name: 'Ayu' }, { nim: ' 2301002 ' }] },
    { name: 'B', students: [] },
  ],
  ...overrides,
});

function problemOf(body: unknown): string {
  try {
    readAcademicCourse(body, query);
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).failure).toBe('bad-answer');
    return (error as Error).message.replace("The academic system's answer is malformed: ", '');
  }
  throw new Error('accepted');
}

describe('readAcademicCourse', () => {
  it('reads the course, trimmed, with optional names and lecturer', () => {
    expect(readAcademicCourse(answer(), query)).toEqual({
      code: 'IF101',
      name: 'Algorithms',
      year: 2025,
      type: 'Ganjil',
      lecturer: { nidn: '0401010001', name: null },
      classes: [
        {
          name: 'A',
          students: [
            { nim: '2301001', name: 'Ayu' },
            { nim: '2301002', name: null },
          ],
        },
        { name: 'B', students: [] },
      ],
    });
    expect(readAcademicCourse(answer({ lecturer: null }), query).lecturer).toBeNull();
    expect(readAcademicCourse(answer({ lecturer: undefined }), query).lecturer).toBeNull();
  });

  it('names the first problem of a malformed answer', () => {
    expect(problemOf(null)).toBe('the answer must be an object');
    expect(problemOf(answer({ name: '   ' }))).toBe(
      'name must be a non-empty string of at most 255 characters',
    );
    expect(problemOf(answer({ year: '2025' }))).toBe('year must be a whole number');
    expect(problemOf(answer({ lecturer: { nidn: 401010001 } }))).toBe(
      'lecturer.nidn must be a non-empty string of at most 32 characters',
    );
    expect(problemOf(answer({ classes: {} }))).toBe('classes must be an array');
    expect(
      problemOf(
        answer({
          classes: [
            { name: 'A', students: [] },
            { name: 'A', students: [] },
          ],
        }),
      ),
    ).toBe('class A is listed twice');
    expect(problemOf(answer({ classes: [{ name: 'A', students: [{ nim: '1' }, { nim: '1' }] }] }))).toBe(
      'student 1 is listed twice in class A',
    );
    expect(problemOf(answer({ classes: [{ name: 'A\nB', students: [] }] }))).toBe(
      'classes[0].name must be a non-empty string of at most 100 characters',
    );
    expect(problemOf(answer({ classes: [{ name: 'A', students: ['2301001'] }] }))).toBe(
      'classes[0].students[0] must be an object',
    );
    expect(
      problemOf(
        answer({ classes: Array.from({ length: 201 }, (_, i) => ({ name: `C${i}`, students: [] })) }),
      ),
    ).toBe('classes has more than 200 items');
  });

  it('refuses an answer about another course or semester', () => {
    expect(problemOf(answer({ code: 'if101' }))).toBe('it is about course if101, not IF101');
    expect(problemOf(answer({ type: 'GENAP' }))).toBe('it is about 2025 GENAP, not 2025 GANJIL');
  });
});
