import { describe, expect, it } from 'vitest';
import { shouldBlock, withFlag } from './unsaved';

describe('the unsaved flag', () => {
  it('is raised per part and lowered when that part is saved or gone', () => {
    let flags: ReadonlySet<string> = new Set();
    flags = withFlag(flags, 'module-1', true);
    flags = withFlag(flags, 'content-new', true);
    expect(flags.size).toBe(2);
    const same = withFlag(flags, 'module-1', true);
    expect(same).toBe(flags);
    flags = withFlag(flags, 'module-1', false);
    expect([...flags]).toEqual(['content-new']);
  });

  it('blocks navigation to another path only while set', () => {
    expect(shouldBlock(true, '/courses/1/edit/2', '/courses/1/edit/3')).toBe(true);
    expect(shouldBlock(true, '/courses/1/edit/2', '/courses/1/edit/2')).toBe(false);
    expect(shouldBlock(false, '/courses/1/edit/2', '/courses')).toBe(false);
  });
});
