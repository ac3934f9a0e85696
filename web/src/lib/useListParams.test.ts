import { describe, expect, it } from 'vitest';
import { nextListParams } from './useListParams';

describe('nextListParams', () => {
  const current = new URLSearchParams('q=algo&page=3&period=2');

  it('goes back to page 1 when the search or a filter changes, keeping the rest', () => {
    expect(nextListParams(current, { q: 'data' }).toString()).toBe('q=data&period=2');
    expect(nextListParams(current, { period: '5' }).toString()).toBe('q=algo&period=5');
    expect(nextListParams(current, { period: null }).toString()).toBe('q=algo');
  });

  it('changes the page alone, and leaves page 1 out of the URL', () => {
    expect(nextListParams(current, { page: '4' }).toString()).toBe('q=algo&page=4&period=2');
    expect(nextListParams(current, { page: '1' }).toString()).toBe('q=algo&period=2');
  });
});
