import { describe, expect, it } from 'vitest';
import type { Content } from '../content/contentsApi';
import { draftOf, draftProblems, fieldKind, isDirty, saveRequestOf } from './contentDraft';

describe('content drafts', () => {
  it('starts from the content or empty', () => {
    expect(draftOf(null)).toEqual({ name: '', type: 'text', content: '' });
    const content = {
      id: '1',
      name: 'Zoom',
      contents_type: 'zoom',
      content: 'https://zoom.us/j/1',
    } as Content;
    expect(draftOf(content)).toEqual({ name: 'Zoom', type: 'zoom', content: 'https://zoom.us/j/1' });
  });

  it('knows which field each type needs', () => {
    expect(fieldKind('text')).toBe('text');
    expect(fieldKind('file')).toBe('file');
    expect(fieldKind('video')).toBe('url');
    expect(fieldKind('webex')).toBe('url');
  });

  it('checks names, text and addresses (conference links need https)', () => {
    expect(draftProblems({ name: ' ', type: 'text', content: '' })).toEqual(['name', 'content']);
    expect(draftProblems({ name: 'L', type: 'link', content: 'http://example.org' })).toEqual([]);
    expect(draftProblems({ name: 'L', type: 'link', content: 'javascript:alert(1)' })).toEqual(['url']);
    expect(draftProblems({ name: 'Z', type: 'zoom', content: 'http://zoom.us/j/1' })).toEqual(['https']);
    expect(draftProblems({ name: 'Z', type: 'zoom', content: 'https://zoom.us/j/1' })).toEqual([]);
    expect(draftProblems({ name: 'F', type: 'file', content: '' })).toEqual([]);
  });

  it('is dirty once anything differs', () => {
    const draft = { name: 'A', type: 'text' as const, content: 'x' };
    expect(isDirty(draft, { ...draft })).toBe(false);
    expect(isDirty(draft, { ...draft, content: 'y' })).toBe(true);
  });

  it('sends a new content whole and an edited one by its changed fields only', () => {
    const placement = { courseId: '7', target: { type: 'modules' as const, id: '12' }, nextIndex: 3 };
    expect(saveRequestOf(null, { name: ' Welcome ', type: 'text', content: '<p>Hi</p>' }, placement)).toEqual(
      {
        courseId: '7',
        input: {
          contentable_type: 'modules',
          contentable_id: 12,
          index: 3,
          name: 'Welcome',
          type: 'text',
          content: '<p>Hi</p>',
        },
      },
    );
    const file = { id: '5', name: 'Slides', contents_type: 'file', content: 'files/a.pdf' } as Content;
    expect(
      saveRequestOf(file, { name: 'Slides', type: 'file', content: 'files/a.pdf' }, placement),
    ).toBeNull();
    expect(saveRequestOf(file, { name: 'Week 1 slides ', type: 'file', content: 'x' }, placement)).toEqual({
      id: '5',
      courseId: '7',
      input: { name: 'Week 1 slides' },
    });
  });
});
