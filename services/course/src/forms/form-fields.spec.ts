import { checkAnswers, checkFields, type FormField, isCalendarDate } from './form-fields';

const fields: FormField[] = checkFields([
  { key: 'notes', label: 'Notes', type: 'text', required: true },
  { key: 'hours', label: 'Hours', type: 'number', min: 0, max: 12 },
  { key: 'mood', label: 'Mood', type: 'choice', options: [' Good ', 'Bad'] },
]).fields;

describe('form fields', () => {
  it('stores fields with every property, options trimmed and kinds’ extras dropped', () => {
    expect(fields[2]).toEqual({
      key: 'mood',
      label: 'Mood',
      type: 'choice',
      required: false,
      options: ['Good', 'Bad'],
      min: null,
      max: null,
      help: null,
    });
    expect(fields[0].required).toBe(true);
  });

  it('keeps answers in the fields’ order, numbers as numbers, blanks left out', () => {
    const { answers, issues } = checkAnswers(fields, [
      { key: 'mood', value: 'Bad' },
      { key: 'hours', value: ' 12 ' },
      { key: 'notes', value: ' done ' },
    ]);
    expect(issues).toEqual([]);
    expect(answers).toEqual([
      { key: 'notes', value: 'done' },
      { key: 'hours', value: 12 },
      { key: 'mood', value: 'Bad' },
    ]);
    expect(
      checkAnswers(fields, [
        { key: 'notes', value: 'x' },
        { key: 'hours', value: '' },
      ]).answers,
    ).toEqual([{ key: 'notes', value: 'x' }]);
  });

  it('reports a required field once: as missing, or where its value is wrong', () => {
    expect(checkAnswers(fields, []).issues).toEqual([
      { pointer: '/data/attributes/lists', detail: 'Notes (notes) is required' },
    ]);
    expect(checkAnswers(fields, [{ key: 'notes', value: 5 }]).issues).toEqual([
      { pointer: '/data/attributes/lists/0/value', detail: 'Notes must be text' },
    ]);
    expect(
      checkAnswers(fields, [
        { key: 'notes', value: 'a' },
        { key: 'notes', value: 'b' },
      ]).issues,
    ).toEqual([{ pointer: '/data/attributes/lists/1/key', detail: 'notes is answered twice' }]);
  });

  it('reads calendar dates strictly', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-9')).toBe(false);
  });
});
