import { attributes, field, z } from '@lms/jsonapi';
import { MAX_DATASET_ITEMS, MAX_DECIMAL_PLACES } from '../domain/dataset';

/** `POST /exam/datasets`: a dataset of the course ('New Data Set' unless named). */
export const dataSetCreateRules = attributes({
  course_id: field.id(),
  name: field.string({ min: 1, max: 200 }).optional(),
});
export type DataSetCreate = z.infer<typeof dataSetCreateRules>;

export const dataSetUpdateRules = attributes({ name: field.string({ min: 1, max: 200 }) });

const bound = field.number({ min: -1e12, max: 1e12 });
/** `POST /exam/datasetdetails`: a variable (min 1, max 5, 0 decimals unless given). */
export const detailCreateRules = attributes({
  data_set_id: field.id(),
  name: field.string({ min: 1, max: 50 }),
  min_value: bound.optional(),
  max_value: bound.optional(),
  decimal_place: field.integer({ min: 0, max: MAX_DECIMAL_PLACES }).optional(),
});
export type DetailCreate = z.infer<typeof detailCreateRules>;

export const detailUpdateRules = attributes({
  name: field.string({ min: 1, max: 50 }).optional(),
  min_value: bound.optional(),
  max_value: bound.optional(),
  decimal_place: field.integer({ min: 0, max: MAX_DECIMAL_PLACES }).optional(),
});
export type DetailUpdate = z.infer<typeof detailUpdateRules>;

/** `POST /exam/datasets/:id/items`: generate `count` items (replacing the ones it had). */
export const itemsGenerateRules = attributes({
  count: field.integer({ min: 1, max: MAX_DATASET_ITEMS }),
  /** Repeatable generation (tests, previews). */
  seed: field.integer({ min: 0 }).optional(),
});
