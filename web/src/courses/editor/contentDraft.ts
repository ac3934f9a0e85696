import { CONFERENCE_TYPES, type Content, type ContentType } from '../courseApi';

export interface ContentDraft {
  name: string;
  type: ContentType;
  content: string;
}

export const EMPTY_DRAFT: ContentDraft = { name: '', type: 'text', content: '' };

export function draftOf(content: Content | null): ContentDraft {
  if (!content) return EMPTY_DRAFT;
  return { name: content.name, type: content.contents_type, content: content.content ?? '' };
}

/** What the content field holds for a type: text, a web address, or (file) nothing to type. */
export function fieldKind(type: ContentType): 'text' | 'url' | 'file' {
  if (type === 'text') return 'text';
  if (type === 'file') return 'file';
  return 'url';
}

export type DraftProblem = 'name' | 'content' | 'url' | 'https';

/** Checks a draft before it is sent (the server checks again, with its own texts). */
export function draftProblems(draft: ContentDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.name.trim()) problems.push('name');
  const kind = fieldKind(draft.type);
  if (kind === 'text' && !draft.content.trim()) problems.push('content');
  if (kind === 'url') {
    let url: URL | null = null;
    try {
      url = new URL(draft.content.trim());
    } catch {
      url = null;
    }
    const conference = (CONFERENCE_TYPES as readonly string[]).includes(draft.type);
    if (!url || (url.protocol !== 'https:' && (conference || url.protocol !== 'http:'))) {
      problems.push(conference ? 'https' : 'url');
    }
  }
  return problems;
}

export function isDirty(original: ContentDraft, draft: ContentDraft): boolean {
  return original.name !== draft.name || original.type !== draft.type || original.content !== draft.content;
}
