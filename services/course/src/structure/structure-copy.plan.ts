import type { ContentableType } from '../contents/content.entity';

/** What the plan needs of a module of the source course (the rest is copied as it is). */
export interface SourceModule {
  id: number;
  index: number;
  activities?: readonly SourceActivity[];
}

/** The activity type of a module type (`Activity` for `CourseModule`). */
type ActivityOf<M extends SourceModule> = NonNullable<M['activities']>[number];

export interface SourceActivity {
  id: number;
  index: number;
  parentId: number | null;
}

export interface SourceContent {
  id: number;
  contentableType: ContentableType;
  contentableId: number;
  index: number;
  deletedAt: Date | null;
}

export interface StructureCopyInput<M extends SourceModule, C extends SourceContent> {
  /** The source course's modules with their activities. */
  modules: readonly M[];
  /** The source course's contents, archived ones included. */
  contents: readonly C[];
  /** The index after the target's last module: the copies come after its own. */
  firstModuleIndex: number;
  /** The index after the target's last live course-level content. */
  firstCourseContentIndex: number;
}

/** Where a copied content goes: the target course, or the copy of a source module or activity. */
export type ContentOwner = { type: 'courses' } | { type: 'modules' | 'activities'; source: number };

export interface StructureCopyPlan<M extends SourceModule, C extends SourceContent> {
  /** Modules to create, in order, each at its new index. */
  modules: Array<{ source: M; index: number }>;
  /**
   * Activities to create under the copy of `module` (a source module id), at their own index;
   * `parent` is the source activity whose copy becomes the parent, null for a top-level one.
   */
  activities: Array<{ source: ActivityOf<M>; module: number; parent: number | null }>;
  /** Contents to create under `owner`, at `index`. */
  contents: Array<{ source: C; owner: ContentOwner; index: number }>;
}

const byIndexThenId = (a: { index: number; id: number }, b: { index: number; id: number }) =>
  a.index - b.index || a.id - b.id;

/**
 * The copy of one course's structure into another (`PUT /course/courses/replicate`), without the
 * database: modules in their order after the target's own, activities with their index and
 * nesting (a parent that is not copied leaves its child at the top level), live contents under
 * the copies of their places (course-level ones after the target's own, in their order; others
 * keep their index). Archived contents, and contents of a place that is not copied, stay behind.
 */
export function planStructureCopy<M extends SourceModule, C extends SourceContent>(
  input: StructureCopyInput<M, C>,
): StructureCopyPlan<M, C> {
  const modules = [...input.modules].sort(byIndexThenId);
  const activities = modules.flatMap((module) =>
    [...(module.activities ?? [])].sort(byIndexThenId).map((source) => ({ source, module: module.id })),
  );
  const copiedModules = new Set(modules.map((module) => module.id));
  const copiedActivities = new Set(activities.map(({ source }) => source.id));
  let courseIndex = input.firstCourseContentIndex;
  const contents: StructureCopyPlan<M, C>['contents'] = [];
  for (const source of [...input.contents].sort(byIndexThenId)) {
    if (source.deletedAt !== null) continue;
    if (source.contentableType === 'courses') {
      contents.push({ source, owner: { type: 'courses' }, index: courseIndex++ });
      continue;
    }
    const copied = source.contentableType === 'modules' ? copiedModules : copiedActivities;
    if (copied.has(source.contentableId))
      contents.push({
        source,
        owner: { type: source.contentableType, source: source.contentableId },
        index: source.index,
      });
  }
  return {
    modules: modules.map((source, offset) => ({ source, index: input.firstModuleIndex + offset })),
    activities: activities.map(({ source, module }) => ({
      source,
      module,
      parent: source.parentId !== null && copiedActivities.has(source.parentId) ? source.parentId : null,
    })),
    contents,
  };
}
