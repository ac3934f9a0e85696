import { attributePointer, attributes, field, unprocessable, z } from '@lms/jsonapi';

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
  is_active: field.boolean().optional(),
  start_at: field.date().nullable().optional(),
  end_at: field.date().nullable().optional(),
} as const;

export const moduleCreateRules = attributes(
  {
    course_id: field.integer({ min: 1 }),
    name: field.string({ min: 1, max: 255 }).optional(),
    /** Accepted for the client's sake; a new module always goes last (highest index + 1). */
    index: field.integer({ min: 0 }).optional(),
    ...schedule,
  },
  { requiredTexts: REQUIRED_TEXTS },
);

export const moduleUpdateRules = attributes({
  name: field.string({ min: 1, max: 255 }).optional(),
  index: field.integer({ min: 0 }).optional(),
  ...schedule,
});

export const moduleBatchRules = attributes(
  { course_id: field.integer({ min: 1 }) },
  { requiredTexts: REQUIRED_TEXTS },
);

export const moduleDeleteManyRules = attributes(
  {
    module_ids: field.idList({ min: 1, max: 500 }),
  },
  { requiredTexts: REQUIRED_TEXTS },
);

export const activityCreateRules = attributes(
  {
    module_id: field.integer({ min: 1 }),
    parent_id: field.integer({ min: 1 }).nullable().optional(),
    name: field.string({ min: 1, max: 255 }).optional(),
    index: field.integer({ min: 0 }).optional(),
    ...schedule,
  },
  { requiredTexts: REQUIRED_TEXTS },
);

export const activityUpdateRules = attributes({
  parent_id: field.integer({ min: 1 }).nullable().optional(),
  name: field.string({ min: 1, max: 255 }).optional(),
  index: field.integer({ min: 0 }).optional(),
  ...schedule,
});

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

export const sortRules = attributes(
  {
    type: z.preprocess(
      (value) =>
        typeof value === 'string' && Object.hasOwn(SORT_TYPE_ALIASES, value)
          ? SORT_TYPE_ALIASES[value]
          : value,
      field.enum(SORT_TYPES),
    ),
    /** An empty list counts as none sent (the spec's text for a missing list). */
    ids: z.preprocess(
      (value) => (Array.isArray(value) && value.length === 0 ? undefined : value),
      field.idList({ min: 1, max: 1000 }),
    ),
  },
  { requiredTexts: REQUIRED_TEXTS },
);

/** An item's window must not end before it starts (422 on `end_at`). */
export function assertSchedule(startAt: Date | null | undefined, endAt: Date | null | undefined): void {
  if (startAt && endAt && endAt.getTime() < startAt.getTime()) {
    throw unprocessable([
      { pointer: attributePointer('end_at'), detail: 'end_at must not be before start_at' },
    ]);
  }
}
