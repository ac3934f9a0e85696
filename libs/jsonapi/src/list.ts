import {
  type DataSource,
  type EntityMetadata,
  type EntityTarget,
  type ObjectLiteral,
  QueryFailedError,
} from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { filterParameter, filterSql, type ParsedQuery } from './query';

/** A to-one relation read in the same statement (LEFT JOIN): the property is the entity or null. */
export interface ToOne {
  entity: EntityTarget<ObjectLiteral>;
  /** SQL alias of the joined table: lower case, unique in the statement. */
  alias: string;
  /** The join condition (`period.id = course.period_id`); trusted SQL, may use `:named` parameters. */
  on: string;
  /** The entity property it fills; the relation's name by default. */
  property?: string;
}

/** A to-many relation read in the same statement, as a JSON array per parent row. */
export interface ToMany {
  entity: EntityTarget<ObjectLiteral>;
  /** SQL alias of the related table: lower case, unique in the statement. */
  alias: string;
  /** The rows of one parent (`assistant.course_id = course.id`); trusted SQL, may use `:named` parameters. */
  where: string;
  /** Order of the array, by property names of the related entity (`-` for descending). */
  orderBy?: readonly string[];
  /** The entity property it fills; the relation's name by default (two variants may fill one). */
  property?: string;
  toOne?: Record<string, ToOne>;
  toMany?: Record<string, ToMany>;
}

/** The resource a list reads: its root entity and the relations (by name) a request may ask for. */
export interface ListDefinition {
  entity: EntityTarget<ObjectLiteral>;
  /** SQL alias of the root table; the QuerySpec's columns name it (`course.name`). */
  alias: string;
  toOne?: Record<string, ToOne>;
  toMany?: Record<string, ToMany>;
}

/** What one request may see and which relations it reads. */
export interface ListScope {
  /** Conditions every row meets (campus, the caller's visibility); trusted SQL with `:named` parameters. */
  where: readonly string[];
  params?: Record<string, unknown>;
  /** Relations to read by name, nested ones dotted (`assistants.user`); each must be defined. */
  with?: readonly string[];
}

const ALIAS = /^[a-z_][a-z0-9_]*$/;
/** `:name`, not the second colon of a `::type` cast. */
const NAMED_PARAMETER = /(?<![:\w]):([A-Za-z_]\w*)/g;
/** `one()`: the first row by primary key. */
const FIRST_ROW: ParsedQuery = { filters: [], sort: [], include: [], limit: 1, offset: 0 };
/** Compiled statements kept per data source; a query shape is a few hundred bytes of SQL. */
const MAX_SHAPES = 500;

type ValueSource = (scope: ListScope, query: ParsedQuery) => unknown;
type Reader = (value: unknown) => unknown;
/** A column of a level: its key in the row, the entity property, how its value is read. */
type Field = [key: string, property: string, read: Reader | undefined];

/** Column types whose value the driver already gives as TypeORM would hydrate it. */
const AS_READ = new Set([
  'varchar',
  'character varying',
  'text',
  'char',
  'uuid',
  'boolean',
  'bool',
  'smallint',
  'integer',
  'int',
  'int4',
  'bigint',
  'int8',
  'numeric',
  'decimal',
]);
const TIMESTAMPS = new Set(['timestamptz', 'timestamp with time zone']);

interface Statement {
  /** Name of the prepared statement: the same text is parsed once per pooled connection. */
  name: string;
  text: string;
  values: ValueSource[];
}

interface Compiled {
  page: Statement;
  count: Statement;
  map: (row: Record<string, unknown>) => ObjectLiteral;
}

interface Pool {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Parameters in order of first use: `$1`, `$2`, … and where each value comes from. */
class Parameters {
  readonly values: ValueSource[] = [];
  private readonly named = new Map<string, number>();

  add(source: ValueSource): string {
    this.values.push(source);
    return `$${this.values.length}`;
  }

  /** Trusted SQL with `:named` parameters of the scope, in positional form. */
  sql(text: string): string {
    return text.replace(NAMED_PARAMETER, (_match, name: string) => {
      let index = this.named.get(name);
      if (index === undefined) {
        index = this.values.push((scope) => {
          if (!scope.params || !Object.hasOwn(scope.params, name)) {
            throw new Error(`List parameter :${name} has no value`);
          }
          return scope.params[name];
        });
        this.named.set(name, index);
      }
      return `$${index}`;
    });
  }
}

/** Which relations of a level a request reads, and the `with` paths below each of them. */
function relationsAt(paths: readonly string[]): Map<string, string[]> {
  const relations = new Map<string, string[]>();
  for (const path of paths) {
    const dot = path.indexOf('.');
    const head = dot < 0 ? path : path.slice(0, dot);
    const below = relations.get(head) ?? [];
    if (dot >= 0) below.push(path.slice(dot + 1));
    relations.set(head, below);
  }
  return relations;
}

/**
 * Reads a JSON:API list in one round trip: one page of the root entity with its total, the
 * relations a request names, rows mapped straight to plain objects shaped like the entity (what a
 * `ResourceType` reads) without TypeORM's query builder or entity hydration.
 *
 * The SQL is built once per query shape — scope conditions, relations, the filters' fields and
 * operators, the sort — and kept; a request only supplies values. Statements are prepared per
 * pooled connection (named), so PostgreSQL parses each shape once per connection. The total comes
 * with the page (`count(*) OVER ()` over the matching ids, the sort on those ids alone, relations
 * read for the page's rows only); a page past the end costs one more statement for the total.
 */
export class ListQuery<T extends ObjectLiteral> {
  private readonly compiled = new WeakMap<DataSource, Map<string, Compiled>>();

  constructor(private readonly definition: ListDefinition) {
    const aliases = new Set<string>();
    const check = (alias: string) => {
      if (!ALIAS.test(alias)) throw new Error(`List alias "${alias}" must be a lower-case SQL identifier`);
      if (aliases.has(alias)) throw new Error(`List alias "${alias}" is used twice`);
      aliases.add(alias);
    };
    const walk = (level: { toOne?: Record<string, ToOne>; toMany?: Record<string, ToMany> }) => {
      for (const join of Object.values(level.toOne ?? {})) check(join.alias);
      for (const many of Object.values(level.toMany ?? {})) {
        check(many.alias);
        walk(many);
      }
    };
    check(definition.alias);
    walk(definition);
  }

  /** The page the query asks for within the scope, and how many rows match in all. */
  async page(dataSource: DataSource, scope: ListScope, query: ParsedQuery): Promise<[T[], number]> {
    const compiled = this.compile(dataSource, scope, query);
    const rows = await run(dataSource, compiled.page, scope, query);
    if (rows.length > 0) return [rows.map((row) => compiled.map(row) as T), Number(rows[0].__total)];
    if (query.offset === 0) return [[], 0];
    const [{ total }] = await run(dataSource, compiled.count, scope, query);
    return [[], Number(total)];
  }

  /** The one row of the scope (`id = :id` among its conditions), or null: the same lean read. */
  async one(dataSource: DataSource, scope: ListScope): Promise<T | null> {
    const [[row]] = await this.page(dataSource, scope, FIRST_ROW);
    return row ?? null;
  }

  private compile(dataSource: DataSource, scope: ListScope, query: ParsedQuery): Compiled {
    let shapes = this.compiled.get(dataSource);
    if (!shapes) {
      shapes = new Map();
      this.compiled.set(dataSource, shapes);
    }
    const key = shapeKey(scope, query);
    let compiled = shapes.get(key);
    if (!compiled) {
      compiled = new Compiler(dataSource, this.definition).compile(scope, query);
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value as string);
      shapes.set(key, compiled);
    }
    return compiled;
  }
}

/** A list read as `ListQuery` describes. */
export function defineList<T extends ObjectLiteral>(definition: ListDefinition): ListQuery<T> {
  return new ListQuery<T>(definition);
}

/** Everything that changes the SQL text of a request, and nothing that does not. */
function shapeKey(scope: ListScope, query: ParsedQuery): string {
  let key = `${scope.where.join('\u0001')}\u0000${(scope.with ?? []).join(',')}\u0000`;
  for (const filter of query.filters) {
    key += `${filter.column}\u0001${filter.op}\u0001${filter.op === 'null' ? String(filter.value) : ''}\u0002`;
  }
  key += '\u0000';
  for (const sort of query.sort) key += `${sort.column} ${sort.direction},`;
  return key;
}

async function run(
  dataSource: DataSource,
  statement: Statement,
  scope: ListScope,
  query: ParsedQuery,
): Promise<Record<string, unknown>[]> {
  const values = statement.values.map((source) => source(scope, query));
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  dataSource.logger.logQuery(statement.text, values);
  try {
    return (await pool.query({ name: statement.name, text: statement.text, values })).rows;
  } catch (error) {
    dataSource.logger.logQueryError(error as Error, statement.text, values);
    throw new QueryFailedError(statement.text, values, error as Error);
  }
}

let statements = 0;

class Compiler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly definition: ListDefinition,
  ) {}

  compile(scope: ListScope, query: ParsedQuery): Compiled {
    const root = this.dataSource.getMetadata(this.definition.entity);
    const { alias } = this.definition;
    const primary = this.primaryColumn(root);
    const table = this.table(root);

    // The matching ids in order, with the total; the count alone for a page past the end.
    const page = new Parameters();
    const countParameters = new Parameters();
    const where = (parameters: Parameters) => {
      const conditions = scope.where.map((condition) => `(${parameters.sql(condition)})`);
      query.filters.forEach((filter, index) =>
        conditions.push(filterSql(filter, filter.op === 'null' ? '' : parameters.add(filterValue(index)))),
      );
      return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    };
    const orderBy = [
      ...query.sort.map(({ column, direction }) => `${column} ${direction}`),
      ...(query.sort.some(({ column }) => column === `${alias}.${primary.databaseName}`)
        ? []
        : [`${alias}.${this.quote(primary.databaseName)} ASC`]),
    ].join(', ');
    const ids =
      `SELECT ${alias}.${this.quote(primary.databaseName)} AS id, count(*) OVER () AS total, ` +
      `row_number() OVER (ORDER BY ${orderBy}) AS ord FROM ${table} ${alias} ${where(page)} ` +
      `ORDER BY ${orderBy} LIMIT ${page.add((_scope, q) => q.limit)} OFFSET ${page.add((_scope, q) => q.offset)}`;

    const select: string[] = ['page.total AS "__total"'];
    const joins: string[] = [];
    const map = this.level(root, alias, this.definition, scope.with ?? [], page, select, joins, false);
    const text =
      `SELECT ${select.join(', ')} FROM (${ids}) page ` +
      `JOIN ${table} ${alias} ON ${alias}.${this.quote(primary.databaseName)} = page.id ` +
      `${joins.join(' ')} ORDER BY page.ord`;
    const countText = `SELECT count(*) AS total FROM ${table} ${alias} ${where(countParameters)}`;
    const id = ++statements;
    return {
      page: { name: `lms_list_${id}`, text, values: page.values },
      count: { name: `lms_list_${id}_count`, text: countText, values: countParameters.values },
      map,
    };
  }

  /**
   * The select list and joins of one level (the root, or a to-many's rows) and the function that
   * turns its row (or JSON object) into the entity-shaped object.
   */
  private level(
    metadata: EntityMetadata,
    alias: string,
    relations: { toOne?: Record<string, ToOne>; toMany?: Record<string, ToMany> },
    paths: readonly string[],
    parameters: Parameters,
    select: string[],
    joins: string[],
    json: boolean,
  ): (row: Record<string, unknown>) => ObjectLiteral {
    const fields: Field[] = [];
    this.columns(metadata).forEach((column, index) => {
      const key = `c${index}`;
      select.push(`${this.columnSql(alias, column)} AS "${key}"`);
      fields.push([key, column.propertyName, this.reader(column, json)]);
    });
    const ones: [string, Field[]][] = [];
    const manys: [string, string, (row: Record<string, unknown>) => ObjectLiteral][] = [];

    let joinIndex = 0;
    let manyIndex = 0;
    for (const [name, below] of relationsAt(paths)) {
      if (relations.toOne && Object.hasOwn(relations.toOne, name)) {
        if (below.length > 0) throw new Error(`List relation ${name} is to-one: nothing to read below it`);
        const join = relations.toOne[name];
        const property = join.property ?? name;
        const joined = this.dataSource.getMetadata(join.entity);
        joins.push(`LEFT JOIN ${this.table(joined)} ${join.alias} ON ${parameters.sql(join.on)}`);
        const joinPrefix = `j${joinIndex++}_`;
        const primary = this.primaryColumn(joined);
        // The primary column first: null when no row joined.
        const joinColumns = [primary, ...this.columns(joined).filter((column) => column !== primary)];
        const joinFields: Field[] = joinColumns.map((column, index) => {
          const key = `${joinPrefix}c${index}`;
          select.push(`${this.columnSql(join.alias, column)} AS "${key}"`);
          return [key, column.propertyName, this.reader(column, json)];
        });
        ones.push([property, joinFields]);
      } else if (relations.toMany && Object.hasOwn(relations.toMany, name)) {
        const many = relations.toMany[name];
        const property = many.property ?? name;
        const related = this.dataSource.getMetadata(many.entity);
        const key = `m${manyIndex++}`;
        // The rows' alias differs from every column name: `json_agg(x)` of a table x with a column x
        // would aggregate the column, not the row.
        const rows = `${key}_rows`;
        const innerSelect: string[] = [];
        const innerJoins: string[] = [];
        const mapItem = this.level(
          related,
          many.alias,
          many,
          below,
          parameters,
          innerSelect,
          innerJoins,
          true,
        );
        const relatedColumns = this.columns(related);
        const order = (many.orderBy ?? []).map((item) => {
          const descending = item.startsWith('-');
          const name = descending ? item.slice(1) : item;
          const index = relatedColumns.findIndex((column) => column.propertyName === name);
          if (index < 0) throw new Error(`List order ${name}: no column of ${related.name}`);
          return `${rows}."c${index}" ${descending ? 'DESC' : 'ASC'}`;
        });
        const aggregate = `json_agg(${rows}${order.length > 0 ? ` ORDER BY ${order.join(', ')}` : ''})`;
        select.push(
          `(SELECT coalesce(${aggregate}, '[]'::json) FROM (SELECT ${innerSelect.join(', ')} ` +
            `FROM ${this.table(related)} ${many.alias} ${innerJoins.join(' ')} ` +
            `WHERE ${parameters.sql(many.where)}) ${rows}) AS "${key}"`,
        );
        manys.push([property, key, mapItem]);
      } else {
        throw new Error(`List of ${metadata.name} has no relation ${name}`);
      }
    }

    return (row) => {
      const entity: ObjectLiteral = {};
      for (const [key, property, read] of fields) entity[property] = read ? read(row[key]) : row[key];
      for (const [property, joinFields] of ones) {
        const id = row[joinFields[0][0]];
        if (id === null || id === undefined) {
          entity[property] = null;
          continue;
        }
        const joined: ObjectLiteral = {};
        for (const [key, name, read] of joinFields) joined[name] = read ? read(row[key]) : row[key];
        entity[property] = joined;
      }
      for (const [property, key, mapItem] of manys) {
        entity[property] = (row[key] as Record<string, unknown>[]).map(mapItem);
      }
      return entity;
    };
  }

  /**
   * How a column's value becomes the entity's, as TypeORM hydrates it (`prepareHydratedValue`);
   * undefined where the driver's value already is that (text, numbers, booleans, a timestamp at the
   * top level): most columns of a row. In JSON a timestamp is text, read back into a Date.
   */
  private reader(column: ColumnMetadata, json: boolean): Reader | undefined {
    const type = typeof column.type === 'string' ? column.type : undefined;
    if (!column.transformer && type !== undefined) {
      if (AS_READ.has(type)) return undefined;
      if (TIMESTAMPS.has(type)) {
        return json ? (value) => (typeof value === 'string' ? new Date(value) : value) : undefined;
      }
    }
    const driver = this.dataSource.driver;
    return (value) => driver.prepareHydratedValue(value, column);
  }

  /** The table's own columns (not the relation placeholders TypeORM adds for a bare join column). */
  private columns(metadata: EntityMetadata): ColumnMetadata[] {
    if (metadata.embeddeds.length > 0)
      throw new Error(`List of ${metadata.name}: embedded columns unsupported`);
    return metadata.columns.filter((column) => !column.isVirtual && !column.isVirtualProperty);
  }

  private primaryColumn(metadata: EntityMetadata): ColumnMetadata {
    if (metadata.primaryColumns.length !== 1) {
      throw new Error(`List of ${metadata.name} needs a single-column primary key`);
    }
    return metadata.primaryColumns[0];
  }

  /** Inside a JSON array numbers would lose a numeric's text form: it is read as text, as at the top level. */
  private columnSql(alias: string, column: ColumnMetadata): string {
    const sql = `${alias}.${this.quote(column.databaseName)}`;
    return column.type === 'numeric' || column.type === 'decimal' ? `${sql}::text` : sql;
  }

  private table(metadata: EntityMetadata): string {
    const name = this.quote(metadata.tableName);
    return metadata.schema ? `${this.quote(metadata.schema)}.${name}` : name;
  }

  private quote(identifier: string): string {
    return this.dataSource.driver.escape(identifier);
  }
}

function filterValue(index: number): ValueSource {
  return (_scope, query) => filterParameter(query.filters[index]);
}
