import { defineResource, toMany, z } from '@lms/jsonapi';
import type { DataSet, DataSetDetail, DataSetItem } from './data-set.entity';

export const dataSetDetailResource = defineResource({
  name: 'DataSetDetail',
  type: 'datasetdetails',
  schema: {
    data_set_id: z.number(),
    name: z.string(),
    min_value: z.number(),
    max_value: z.number(),
    decimal_place: z.number(),
  },
  attributes: (detail: DataSetDetail) => ({
    data_set_id: Number(detail.dataSetId),
    name: detail.name,
    min_value: detail.minValue,
    max_value: detail.maxValue,
    decimal_place: detail.decimalPlace,
  }),
});

export const dataSetResource = defineResource({
  name: 'DataSet',
  type: 'datasets',
  schema: { name: z.string(), course_id: z.number(), created_at: z.date(), updated_at: z.date() },
  attributes: (dataSet: DataSet) => ({
    name: dataSet.name,
    course_id: Number(dataSet.courseId),
    created_at: dataSet.createdAt,
    updated_at: dataSet.updatedAt,
  }),
  relationships: {
    details: toMany(
      () => dataSetDetailResource,
      (dataSet: DataSet) => dataSet.details,
    ),
  },
});

export const dataSetItemResource = defineResource({
  name: 'DataSetItem',
  type: 'datasetitems',
  schema: {
    data_set_id: z.number(),
    index: z.number(),
    values: z.record(z.string(), z.number()),
    /** The results of the dataset's formulas (in `meta.formulas` order) for this item. */
    results: z.array(z.union([z.number(), z.object({ error: z.string() })])),
  },
  attributes: (item: DataSetItem & { results?: Array<number | { error: string }> }) => ({
    data_set_id: Number(item.dataSetId),
    index: item.index,
    values: item.values,
    results: item.results ?? [],
  }),
});
