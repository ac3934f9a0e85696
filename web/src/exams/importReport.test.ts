import { describe, expect, it } from 'vitest';
import { importedCount, importReport, importRequest, skippedOf } from './importReport';

describe('question imports', () => {
  it('sends each format to its endpoint with the exam and package', () => {
    expect(importRequest('xlsx', '4', 2)).toMatchObject({
      url: '/api/exam/imports/question',
      fields: { exam_id: '4', package: '2' },
    });
    expect(importRequest('docx', '4', 1).url).toBe('/api/import-word');
  });

  it('reports every problem with its row or block and field, in file order', () => {
    const body = {
      errors: [
        { status: '422', detail: 'No correct option', source: { pointer: '/rows/7/answer' } },
        {
          status: '422',
          detail: 'row 3, type: unknown question type "quiz"',
          meta: { row: 3, field: 'type', reason: 'unknown question type "quiz"' },
        },
        { status: '422', detail: 'Text is required', meta: { block: 5 } },
        {
          status: '422',
          detail: 'The file is not a spreadsheet',
          source: { pointer: '/data/attributes/file' },
        },
      ],
    };
    expect(importReport(body)).toEqual([
      { place: null, field: null, reason: 'The file is not a spreadsheet' },
      { place: 3, field: 'type', reason: 'unknown question type "quiz"' },
      { place: 5, field: null, reason: 'Text is required' },
      { place: 7, field: 'answer', reason: 'No correct option' },
    ]);
    expect(importReport('<html>')).toEqual([]);
  });

  it('counts what an accepted import created', () => {
    expect(importedCount({ meta: { imported: 12 } })).toBe(12);
    expect(importedCount({ data: [{}, {}] })).toBe(2);
    expect(importedCount(null)).toBe(0);
  });

  it('reads the questions a QTI export left out from its header, and nothing from a broken one', () => {
    const header = encodeURIComponent(
      JSON.stringify([{ index: 2, reason: 'parameterized' }, { index: 'x' }]),
    );
    expect(skippedOf(header)).toEqual([{ index: 2, reason: 'parameterized' }]);
    expect(skippedOf(null)).toEqual([]);
    expect(skippedOf('%E0%A4%A')).toEqual([]);
    expect(skippedOf(encodeURIComponent('{"index":1}'))).toEqual([]);
  });
});
