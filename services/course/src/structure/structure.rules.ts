import { attributePointer, INT4_MAX, unprocessable } from '@lms/jsonapi';

/** Names of the batch of modules a lecturer can add in one go (spec 02 §9), in order. */
export const BATCH_MODULE_NAMES = [
  'Module 01',
  'Module 02',
  'Module 03',
  'Quiz 1',
  'Module 05',
  'Module 06',
  'Module 07',
  'Midex/UTS',
  'Module 09',
  'Module 10',
  'Module 11',
  'Quiz 2',
  'Module 13',
  'Module 14',
  'Module 15',
  'Finex/UAS',
] as const;

export const DEFAULT_MODULE_NAME = 'Untitled';
export const DEFAULT_ACTIVITY_NAME = 'Untitled Submodule';

/** The spec's own texts for missing ids (spec 01 §5, spec 02 §5). */
export const REQUIRED_TEXTS = {
  course_id: 'Course id is required',
  module_id: 'Module id is required',
  module_ids: 'Module ids is required',
  type: 'Type is required',
  ids: 'List id data is required',
};

const schedule = {
  is_active: { type: 'boolean' },
  start_at: { type: 'date', nullable: true },
  end_at: { type: 'date', nullable: true },
} as const;

export const moduleCreateRules = {
  course_id: { type: 'integer', required: true, min: 1 },
  name: { type: 'string', min: 1, max: 255 },
  /** Accepted for the client's sake; a new module always goes last (highest index + 1). */
  index: { type: 'integer', min: 0, max: INT4_MAX },
  ...schedule,
} as const;

export const moduleUpdateRules = {
  name: { type: 'string', min: 1, max: 255 },
  index: { type: 'integer', min: 0, max: INT4_MAX },
  ...schedule,
} as const;

export const moduleBatchRules = { course_id: { type: 'integer', required: true, min: 1 } } as const;

export const moduleDeleteManyRules = {
  module_ids: { type: 'array', required: true, min: 1, max: 500 },
} as const;

export const activityCreateRules = {
  module_id: { type: 'integer', required: true, min: 1 },
  parent_id: { type: 'integer', nullable: true, min: 1 },
  name: { type: 'string', min: 1, max: 255 },
  index: { type: 'integer', min: 0, max: INT4_MAX },
  ...schedule,
} as const;

export const activityUpdateRules = {
  parent_id: { type: 'integer', nullable: true, min: 1 },
  name: { type: 'string', min: 1, max: 255 },
  index: { type: 'integer', min: 0, max: INT4_MAX },
  ...schedule,
} as const;

export const SORT_TYPES = ['modules', 'activities', 'contents'] as const;
export type SortType = (typeof SORT_TYPES)[number];

/** Singular and legacy names the client may send for a sort type. */
export const SORT_TYPE_ALIASES: Record<string, SortType> = {
  module: 'modules',
  activity: 'activities',
  submodule: 'activities',
  submodules: 'activities',
  content: 'contents',
};

export const sortRules = {
  type: { type: 'enum', required: true, values: SORT_TYPES },
  ids: { type: 'array', required: true, min: 1, max: 1000 },
} as const;

/** An item's window must not end before it starts (422 on `end_at`). */
export function assertSchedule(startAt: Date | null | undefined, endAt: Date | null | undefined): void {
  if (startAt && endAt && endAt.getTime() < startAt.getTime()) {
    throw unprocessable([
      { pointer: attributePointer('end_at'), detail: 'end_at must not be before start_at' },
    ]);
  }
}
