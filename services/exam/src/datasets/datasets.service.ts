import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, conflict, notFound, unprocessable } from '@lms/jsonapi';
import {
  formulaResults,
  generateItems,
  NEW_DATASET_NAME,
  seededRandom,
  VARIABLE_DEFAULTS,
  variableIssues,
  type DatasetVariable,
} from '../domain/dataset';
import { QuestionAccess } from '../questions/question-access';
import { DataSet, DataSetDetail, DataSetItem } from './data-set.entity';
import type { DataSetCreate, DetailCreate, DetailUpdate } from './datasets.rules';

/** A dataset's items with the results of the formulas of the questions that use it. */
export interface DataSetItems {
  items: DataSetItem[];
  formulas: string[];
  /** Per item, per formula: the result, or why it cannot be computed. */
  results: Array<Array<number | { error: string }>>;
  is_string: boolean;
}

const variableOf = (detail: DataSetDetail): DatasetVariable => ({
  name: detail.name,
  min_value: detail.minValue,
  max_value: detail.maxValue,
  decimal_place: detail.decimalPlace,
});

/**
 * Datasets of calculated questions (spec 03): a course's, authored by its staff. Changing a
 * variable drops the generated items (they may lie outside the new range); items are generated
 * anew with `POST datasets/:id/items`.
 */
@Injectable()
export class DataSetsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: QuestionAccess,
  ) {}

  async list(auth: AuthContext, courseId: number): Promise<DataSet[]> {
    await this.access.course(auth, courseId);
    return this.dataSource.manager.find(DataSet, {
      where: { tenantId: auth.tenantId, courseId },
      relations: { details: true },
      order: { id: 'ASC', details: { id: 'ASC' } },
    });
  }

  async get(
    auth: AuthContext,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<DataSet> {
    const dataSet = await manager.findOne(DataSet, {
      where: { id, tenantId: auth.tenantId },
      relations: { details: true },
      order: { details: { id: 'ASC' } },
    });
    if (!dataSet) throw notFound('Dataset not found');
    await this.access.course(auth, dataSet.courseId, manager);
    return dataSet;
  }

  async create(auth: AuthContext, input: DataSetCreate): Promise<DataSet> {
    await this.access.course(auth, input.course_id);
    const saved = await this.dataSource.manager.save(
      this.dataSource.manager.create(DataSet, {
        tenantId: auth.tenantId,
        courseId: input.course_id,
        name: input.name?.trim() || NEW_DATASET_NAME,
      }),
    );
    return this.get(auth, saved.id);
  }

  async rename(auth: AuthContext, id: number, name: string): Promise<DataSet> {
    await this.get(auth, id);
    await this.dataSource.manager.update(DataSet, { id }, { name: name.trim() });
    return this.get(auth, id);
  }

  async addVariable(auth: AuthContext, input: DetailCreate): Promise<DataSetDetail> {
    return this.dataSource.transaction(async (manager) => {
      const dataSet = await this.lockedDataSet(auth, input.data_set_id, manager, 'data_set_id');
      const variable: DatasetVariable = {
        name: input.name.trim(),
        min_value: input.min_value ?? VARIABLE_DEFAULTS.min_value,
        max_value: input.max_value ?? VARIABLE_DEFAULTS.max_value,
        decimal_place: input.decimal_place ?? VARIABLE_DEFAULTS.decimal_place,
      };
      await this.checkVariable(dataSet.id, variable, null, manager);
      const detail = await manager.save(
        manager.create(DataSetDetail, {
          dataSetId: dataSet.id,
          name: variable.name,
          minValue: variable.min_value,
          maxValue: variable.max_value,
          decimalPlace: variable.decimal_place,
        }),
      );
      await manager.delete(DataSetItem, { dataSetId: dataSet.id });
      return detail;
    });
  }

  async updateVariable(auth: AuthContext, id: number, input: DetailUpdate): Promise<DataSetDetail> {
    return this.dataSource.transaction(async (manager) => {
      const detail = await manager.findOneBy(DataSetDetail, { id });
      if (!detail) throw notFound('Dataset variable not found');
      const dataSet = await this.lockedDataSet(auth, detail.dataSetId, manager);
      const variable: DatasetVariable = {
        name: input.name?.trim() ?? detail.name,
        min_value: input.min_value ?? detail.minValue,
        max_value: input.max_value ?? detail.maxValue,
        decimal_place: input.decimal_place ?? detail.decimalPlace,
      };
      await this.checkVariable(dataSet.id, variable, detail, manager);
      await manager.update(
        DataSetDetail,
        { id },
        {
          name: variable.name,
          minValue: variable.min_value,
          maxValue: variable.max_value,
          decimalPlace: variable.decimal_place,
        },
      );
      await manager.delete(DataSetItem, { dataSetId: dataSet.id });
      return (await manager.findOneBy(DataSetDetail, { id })) as DataSetDetail;
    });
  }

  /** Replaces the dataset's items by `count` new ones, each value within its variable's range. */
  async generate(auth: AuthContext, id: number, count: number, seed?: number): Promise<DataSetItems> {
    await this.dataSource.transaction(async (manager) => {
      const dataSet = await this.lockedDataSet(auth, id, manager);
      const details = await manager.find(DataSetDetail, {
        where: { dataSetId: dataSet.id },
        order: { id: 'ASC' },
      });
      if (!details.length)
        throw unprocessable([
          { pointer: attributePointer('count'), detail: 'the dataset has no variable yet: add one first' },
        ]);
      const values = generateItems(
        details.map(variableOf),
        count,
        seed === undefined ? Math.random : seededRandom(seed),
      );
      await manager.delete(DataSetItem, { dataSetId: dataSet.id });
      await manager.insert(
        DataSetItem,
        values.map((item, n) => ({ dataSetId: dataSet.id, index: n + 1, values: item })),
      );
    });
    return this.items(auth, id);
  }

  /** The items, the formulas of the questions using the dataset, and each formula's result per item. */
  async items(auth: AuthContext, id: number): Promise<DataSetItems> {
    const dataSet = await this.get(auth, id);
    const manager = this.dataSource.manager;
    const items = await manager.find(DataSetItem, { where: { dataSetId: id }, order: { index: 'ASC' } });
    const rows: Array<{ formula: string }> = await manager.query(
      `SELECT DISTINCT a.formula FROM question_answers a JOIN questions q ON q.id = a.question_id
       WHERE q.data_set_id = $1 AND q.tenant_id = $2 AND coalesce(trim(a.formula), '') <> '' ORDER BY a.formula`,
      [id, auth.tenantId],
    );
    const formulas = rows.map((row) => row.formula);
    const variables = (dataSet.details ?? []).map((detail) => detail.name);
    return {
      items,
      formulas,
      results: formulaResults(
        formulas,
        items.map((item) => item.values),
        variables,
      ),
      is_string: false,
    };
  }

  private async lockedDataSet(
    auth: AuthContext,
    id: number,
    manager: EntityManager,
    field?: string,
  ): Promise<DataSet> {
    const dataSet = await manager.findOne(DataSet, {
      where: { id, tenantId: auth.tenantId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!dataSet) {
      if (field)
        throw unprocessable([{ pointer: attributePointer(field), detail: `dataset ${id} was not found` }]);
      throw notFound('Dataset not found');
    }
    await this.access.course(auth, dataSet.courseId, manager);
    return dataSet;
  }

  private async checkVariable(
    dataSetId: number,
    variable: DatasetVariable,
    current: DataSetDetail | null,
    manager: EntityManager,
  ) {
    const issues = variableIssues(variable);
    if (issues.length)
      throw unprocessable(
        issues.map((issue) => ({ pointer: attributePointer(issue.field), detail: issue.detail })),
      );
    const same = await manager.findOneBy(DataSetDetail, { dataSetId, name: variable.name });
    if (same && same.id !== current?.id)
      throw conflict(`the dataset has a variable named ${variable.name} already`);
    if (current && current.name !== variable.name) {
      const [used] = await manager.query(`SELECT 1 FROM questions WHERE data_set_id = $1 LIMIT 1`, [
        dataSetId,
      ]);
      if (used)
        throw unprocessable([
          {
            pointer: attributePointer('name'),
            detail:
              'questions use this dataset: renaming a variable would break their {placeholders} and formulas',
          },
        ]);
    }
  }
}
