import type { CourseActivity, CourseModule } from './coursesApi';

/** Modules or activities (or contents) in their stored order. */
export function byIndex<T extends { index: number; id: string }>(items: readonly T[] | undefined): T[] {
  return [...(items ?? [])].sort((a, b) => a.index - b.index || Number(a.id) - Number(b.id));
}

/** The list with the item at `from` moved to position `to` (clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** Ids after moving `id` one step up (-1) or down (+1); null when it cannot move that way. */
export function moveBy(ids: readonly string[], id: string, delta: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  return moveItem(ids, from, to);
}

/** Ids after dropping `dragged` onto `target` (it takes the target's place); null when nothing changes. */
export function dropOn(ids: readonly string[], dragged: string, target: string): string[] | null {
  const from = ids.indexOf(dragged);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return null;
  return moveItem(ids, from, to);
}

/** A new content's index: the highest existing index plus 1 (spec 01 §5). */
export function nextIndex(items: ReadonlyArray<{ index: number }>): number {
  return items.reduce((highest, item) => Math.max(highest, item.index), -1) + 1;
}

/** What the editor or reader has selected: a module, or an activity of a module. */
export interface Selection {
  module: CourseModule | null;
  activity: CourseActivity | null;
}

/** Resolves route params (`moduleId`, `submoduleId`) against the course tree; unknown ids select nothing. */
export function selectionOf(
  modules: readonly CourseModule[],
  moduleId: string | null | undefined,
  activityId: string | null | undefined,
): Selection {
  const module = modules.find((item) => item.id === moduleId) ?? null;
  const activity = module?.activities?.find((item) => item.id === activityId) ?? null;
  return { module, activity };
}

/** The contentable of a selection: what contents hang on. */
export function contentableOf(selection: Selection): { type: 'modules' | 'activities'; id: string } | null {
  if (selection.activity) return { type: 'activities', id: selection.activity.id };
  if (selection.module) return { type: 'modules', id: selection.module.id };
  return null;
}

/** Only the fields whose value changed (spec 01 §4: updates send data only if modified). */
export function changedFields<T extends Record<string, unknown>>(original: T, draft: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(draft) as Array<keyof T>) {
    if ((original[key] ?? null) !== (draft[key] ?? null)) changes[key] = draft[key];
  }
  return changes;
}

/** `2025-08-25T09:30` from a date-time input as the wire format `2025-08-25 09:30:00`. */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(value);
  return match ? `${match[1]} ${match[2]}:${match[3] ?? '00'}` : null;
}

/** A date as a date-time input wants it: `YYYY-MM-DDTHH:mm` (local). */
export function toLocalInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Gives the listed items their new positions as indexes, in place (an optimistic update of a cache). */
export function applyOrder<T extends { id: string; index: number }>(items: T[], ids: readonly string[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  for (const item of items) {
    const index = position.get(item.id);
    if (index !== undefined) item.index = index;
  }
  return items;
}
