import { describe, expect, it } from 'vitest';
import {
  deserialize,
  deserializeOne,
  deserializePage,
  pageCount,
  toPageNumber,
  toSearchParams,
} from './jsonapi';

describe('deserialize', () => {
  it('flattens attributes next to the id and renames an attribute called type', () => {
    const course = deserializeOne({
      data: { type: 'contents', id: '7', attributes: { name: 'Intro', type: 'video', index: 1 } },
    });
    expect(course).toEqual({ id: '7', name: 'Intro', contents_type: 'video', index: 1 });
  });

  it('resolves relationships from included, nested ones too', () => {
    const course = deserializeOne({
      data: {
        type: 'courses',
        id: '1',
        attributes: { name: 'Algorithms' },
        relationships: {
          modules: {
            data: [
              { type: 'modules', id: '10' },
              { type: 'modules', id: '11' },
            ],
          },
          lecturer: { data: { type: 'lecturers', id: '3' } },
          period: { data: null },
        },
      },
      included: [
        {
          type: 'modules',
          id: '10',
          attributes: { name: 'Week 1' },
          relationships: { activities: { data: [{ type: 'activities', id: '100' }] } },
        },
        { type: 'modules', id: '11', attributes: { name: 'Week 2' } },
        { type: 'activities', id: '100', attributes: { name: 'Reading' } },
        { type: 'lecturers', id: '3', attributes: { name: 'Dr. Ada' } },
      ],
    });
    expect(course).toEqual({
      id: '1',
      name: 'Algorithms',
      modules: [
        { id: '10', name: 'Week 1', activities: [{ id: '100', name: 'Reading' }] },
        { id: '11', name: 'Week 2' },
      ],
      lecturer: { id: '3', name: 'Dr. Ada' },
      period: null,
    });
  });

  it('keeps an identifier when the related resource was not included, and leaves unloaded links out', () => {
    const user = deserializeOne({
      data: {
        type: 'users',
        id: '5',
        relationships: { university: { data: { type: 'lptks', id: '2' } }, stats: {} },
      },
    });
    expect(user).toEqual({ id: '5', university: { id: '2' } });
  });

  it('cuts cycles instead of recursing forever', () => {
    const course = deserializeOne({
      data: {
        type: 'courses',
        id: '1',
        relationships: { lecturer: { data: { type: 'lecturers', id: '3' } } },
      },
      included: [
        {
          type: 'lecturers',
          id: '3',
          attributes: { name: 'Ada' },
          relationships: { course: { data: { type: 'courses', id: '1' } } },
        },
      ],
    });
    expect(course).toEqual({ id: '1', lecturer: { id: '3', name: 'Ada', course: { id: '1' } } });
  });

  it('returns lists, null documents and page totals', () => {
    expect(deserialize({ data: null })).toBeNull();
    expect(deserialize({ data: [] })).toEqual([]);
    const page = deserializePage({
      data: [{ type: 'courses', id: '1', attributes: { name: 'A' } }],
      meta: { total: 31 },
    });
    expect(page).toEqual({ items: [{ id: '1', name: 'A' }], total: 31 });
    expect(deserializePage({ data: [{ type: 'x', id: '1' }] }).total).toBe(1);
  });

  it('refuses a list where one resource was expected', () => {
    expect(() => deserializeOne({ data: [] })).toThrow('Expected a single resource');
  });
});

describe('query parameters', () => {
  it('writes filters, sort, include and the page in the API grammar', () => {
    const query = toSearchParams({
      filter: { name: { like: 'alg' }, period_id: { in: [1, 2] }, is_active: { is: true } },
      sort: '-updated_at',
      include: ['modules', 'lecturer'],
      limit: 9,
      offset: 18,
    });
    expect(decodeURIComponent(query)).toBe(
      'filter[name][like]=alg&filter[period_id][in]=1,2&filter[is_active][is]=true&sort=-updated_at' +
        '&include=modules,lecturer&page[limit]=9&page[offset]=18',
    );
  });

  it('writes nothing for an empty query', () => {
    expect(toSearchParams({})).toBe('');
  });

  it('converts limit/offset to page numbers (size = limit, page = floor(offset/limit)+1)', () => {
    expect(toPageNumber(10, 0)).toEqual({ size: 10, page: 1 });
    expect(toPageNumber(10, 25)).toEqual({ size: 10, page: 3 });
    expect(toPageNumber(9, 9)).toEqual({ size: 9, page: 2 });
    expect(toPageNumber(-1, 40)).toEqual({ size: -1, page: 1 });
  });

  it('counts pages, one at least, one for "all"', () => {
    expect(pageCount(0, 9)).toBe(1);
    expect(pageCount(9, 9)).toBe(1);
    expect(pageCount(10, 9)).toBe(2);
    expect(pageCount(500, 0)).toBe(1);
  });
});
