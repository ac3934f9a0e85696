import { Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { Attributes, badRequest, ParseIdPipe, respond, Responds, z } from '@lms/jsonapi';
import { dataSetDetailResource, dataSetItemResource, dataSetResource } from './datasets.resource';
import {
  type DataSetCreate,
  dataSetCreateRules,
  dataSetUpdateRules,
  type DetailCreate,
  detailCreateRules,
  type DetailUpdate,
  detailUpdateRules,
  itemsGenerateRules,
} from './datasets.rules';
import { type DataSetItems, DataSetsService } from './datasets.service';

const ITEMS_META = z.object({ formulas: z.array(z.string()), is_string: z.boolean() });

function itemsDocument(found: DataSetItems) {
  const items = found.items.map((item, n) => Object.assign(item, { results: found.results[n] }));
  return respond(dataSetItemResource, items, {
    meta: { formulas: found.formulas, is_string: found.is_string },
  });
}

function courseIdOf(value: string | undefined): number {
  const id = Number(value);
  if (value === undefined || !Number.isSafeInteger(id) || id < 1)
    throw badRequest('filter[course_id] (the course whose datasets) is required', 'filter[course_id]');
  return id;
}

/** Datasets of calculated questions (spec 03 "Datasets"), for the course's staff. */
@Controller('api/exam')
export class DataSetsController {
  constructor(private readonly dataSets: DataSetsService) {}

  @Get('datasets')
  @Responds(dataSetResource, { list: true })
  async list(@CurrentAuth() auth: AuthContext, @Query('filter[course_id]') courseId?: string) {
    return respond(dataSetResource, await this.dataSets.list(auth, courseIdOf(courseId)), {
      include: ['details'],
    });
  }

  @Get('datasets/:id')
  @Responds(dataSetResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(dataSetResource, await this.dataSets.get(auth, id), { include: ['details'] });
  }

  @Post('datasets')
  @Responds(dataSetResource)
  async create(@CurrentAuth() auth: AuthContext, @Attributes(dataSetCreateRules) input: DataSetCreate) {
    return respond(dataSetResource, await this.dataSets.create(auth, input), { include: ['details'] });
  }

  @Patch('datasets/:id')
  @Responds(dataSetResource)
  async rename(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(dataSetUpdateRules) input: { name: string },
  ) {
    return respond(dataSetResource, await this.dataSets.rename(auth, id, input.name), {
      include: ['details'],
    });
  }

  @Post('datasetdetails')
  @Responds(dataSetDetailResource)
  async addVariable(@CurrentAuth() auth: AuthContext, @Attributes(detailCreateRules) input: DetailCreate) {
    return respond(dataSetDetailResource, await this.dataSets.addVariable(auth, input));
  }

  @Patch('datasetdetails/:id')
  @Responds(dataSetDetailResource)
  async updateVariable(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(detailUpdateRules) input: DetailUpdate,
  ) {
    return respond(dataSetDetailResource, await this.dataSets.updateVariable(auth, id, input));
  }

  /** `{count}` new items (the old ones replaced), with the formula results. */
  @Post('datasets/:id/items')
  @Responds(dataSetItemResource, { list: true, meta: ITEMS_META })
  async generate(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(itemsGenerateRules) input: { count: number; seed?: number },
  ) {
    return itemsDocument(await this.dataSets.generate(auth, id, input.count, input.seed));
  }

  /** The items with `meta.formulas` (the formulas of the questions using the dataset) and each result. */
  @Get('datasets/:id/items')
  @Responds(dataSetItemResource, { list: true, meta: ITEMS_META })
  async items(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return itemsDocument(await this.dataSets.items(auth, id));
  }

  /** The same by `filter[data_set_id]`. */
  @Get('datasetitems')
  @Responds(dataSetItemResource, { list: true, meta: ITEMS_META })
  async itemsByFilter(@CurrentAuth() auth: AuthContext, @Query('filter[data_set_id]') dataSetId?: string) {
    const id = Number(dataSetId);
    if (dataSetId === undefined || !Number.isSafeInteger(id) || id < 1)
      throw badRequest('filter[data_set_id] is required', 'filter[data_set_id]');
    return itemsDocument(await this.dataSets.items(auth, id));
  }
}
