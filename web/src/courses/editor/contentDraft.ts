import {
  CONFERENCE_TYPES,
  type Content,
  type ContentInput,
  type ContentType,
  type ContentableType,
} from '../content/contentsApi';
import { changedFields } from '../structure';

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

/**
 * What saving a draft sends: a new content with everything, or only the changed fields of an
 * existing one (a file's bytes are never replaced here); null when an edit changed nothing.
 */
export function saveRequestOf(
  content: Content | null,
  draft: ContentDraft,
  placement: { courseId: string; target: { type: ContentableType; id: string }; nextIndex: number },
): { id?: string; courseId: string; input: Partial<ContentInput> } | null {
  const { courseId, target, nextIndex } = placement;
  const name = draft.name.trim();
  if (!content) {
    return {
      courseId,
      input: {
        contentable_type: target.type,
        contentable_id: Number(target.id),
        index: nextIndex,
        name,
        type: draft.type,
        content: draft.content,
      },
    };
  }
  const original = draftOf(content);
  const changes = changedFields(
    { name: original.name, type: original.type, content: original.content },
    { name, type: draft.type, content: fieldKind(draft.type) === 'file' ? original.content : draft.content },
  );
  return Object.keys(changes).length === 0 ? null : { id: content.id, courseId, input: changes };
}
