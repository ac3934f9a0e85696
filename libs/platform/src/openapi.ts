/**
 * The OpenAPI 3.0 document of a Nest service, built from what Nest already knows: routes from the
 * controllers' metadata, request bodies from `@Attributes(schema)` (zod → JSON Schema), who may
 * call from `@Public`/`@Roles`, and responses from `@Responds(resource)` (the resource's JSON:API
 * document, its attributes from the schema the resource is defined with). Served at `GET /openapi.json`
 * on the service's own port; the gateway merges the documents of every service at `/api/docs`.
 */
import { type DynamicModule, ParseIntPipe, RequestMethod, type INestApplication } from '@nestjs/common';
import {
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { JSON_API_QUERY_KEY, type JsonApiQueryMetadata, PUBLIC_KEY, ROLES_KEY } from '@lms/auth';
import {
  ATTRIBUTES_SCHEMA,
  type AttributesMetadata,
  attributesJsonSchema,
  DEFAULT_FILTER_OPS,
  type FilterType,
  JSON_API_MEDIA_TYPE,
  jsonSchemaOf,
  type QuerySpec,
  type ResourceType,
  RESPONDS_KEY,
  type RespondsMetadata,
  wireJsonSchema,
} from '@lms/jsonapi';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security?: Array<Record<string, string[]>>;
  [extension: `x-${string}`]: unknown;
}

export type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: OpenApiPaths;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
  security?: Array<Record<string, string[]>>;
  [extension: `x-${string}`]: unknown;
}

const OPERATION_KEY = 'lms:openapi-operation';

/**
 * Adds to (or overrides parts of) the generated operation of a handler: a multipart request
 * body, a binary or redirect response, a summary. `responses` are merged by status code;
 * `parameters` are added to the generated ones (a plain `?q=` beside `@JsonApiQuery`'s).
 */
export function DocumentOperation(operation: Partial<OpenApiOperation>): MethodDecorator {
  return (target, key) => {
    Reflect.defineMetadata(OPERATION_KEY, operation, target, key);
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonApiContent = (schema: JsonSchema) => ({
  [JSON_API_MEDIA_TYPE]: { schema },
  'application/json': { schema },
});

/** Shared schemas: the JSON:API document shapes every service answers with. */
export const JSON_API_COMPONENTS: Record<string, JsonSchema> = {
  ResourceIdentifier: {
    type: 'object',
    required: ['type', 'id'],
    properties: { type: { type: 'string' }, id: { type: 'string' } },
  },
  Resource: {
    type: 'object',
    required: ['type', 'id'],
    properties: {
      type: { type: 'string' },
      id: { type: 'string' },
      attributes: { type: 'object', additionalProperties: true },
      relationships: { type: 'object', additionalProperties: true },
      links: { type: 'object', additionalProperties: true },
      meta: { type: 'object', additionalProperties: true },
    },
  },
  Document: {
    type: 'object',
    description: 'A JSON:API document: one resource, a list, or only meta.',
    properties: {
      data: {
        nullable: true,
        oneOf: [ref('Resource'), { type: 'array', items: ref('Resource') }],
      },
      included: { type: 'array', items: ref('Resource') },
      meta: { type: 'object', additionalProperties: true },
      links: { type: 'object', additionalProperties: true },
    },
  },
  Errors: {
    type: 'object',
    required: ['errors'],
    properties: {
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            status: { type: 'string' },
            code: { type: 'string' },
            title: { type: 'string' },
            detail: { type: 'string' },
            source: {
              type: 'object',
              properties: { pointer: { type: 'string' }, parameter: { type: 'string' } },
            },
            meta: { type: 'object', additionalProperties: true },
          },
        },
      },
    },
  },
};

const ERROR_RESPONSE = { description: 'A JSON:API error document', content: jsonApiContent(ref('Errors')) };

type AnyResource = ResourceType<never, never>;

/**
 * The resources an application's responses name, as component schemas: each resource by its name,
 * with every resource reachable through its relationships. Two different resources may not share
 * a name.
 */
class ResourceSchemas {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly seen = new Map<string, AnyResource>();

  /** Adds the resource and every resource it reaches; answers the names of those it reaches by relationships. */
  add(resource: AnyResource): string[] {
    this.register(resource);
    const reached: string[] = [];
    const queue = Object.values(resource.relationships ?? {}).map((relationship) => relationship.resource());
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (reached.includes(next.name)) continue;
      this.register(next);
      reached.push(next.name);
      queue.push(...Object.values(next.relationships ?? {}).map((relationship) => relationship.resource()));
    }
    return reached;
  }

  private register(resource: AnyResource): void {
    const known = this.seen.get(resource.name);
    if (known === resource) return;
    if (known)
      throw new Error(`Two resources are named ${resource.name} (types ${known.type} and ${resource.type})`);
    this.seen.set(resource.name, resource);
    this.schemas[resource.name] = resourceObjectSchema(resource);
  }
}

const identifierSchema = (type: string): JsonSchema => ({
  type: 'object',
  required: ['type', 'id'],
  properties: { type: { type: 'string', enum: [type] }, id: { type: 'string' } },
});

/** A resource object: its type, id, attributes and (those loaded) relationships' linkage. */
function resourceObjectSchema(resource: AnyResource): JsonSchema {
  const relationships = Object.entries(resource.relationships ?? {}).map(([name, relationship]) => {
    const target = identifierSchema(relationship.resource().type);
    const data = relationship.many ? { type: 'array', items: target } : { ...target, nullable: true };
    return [name, { type: 'object', required: ['data'], properties: { data } }] as const;
  });
  return {
    type: 'object',
    required: ['type', 'id', 'attributes'],
    properties: {
      type: { type: 'string', enum: [resource.type] },
      id: { type: 'string' },
      attributes: attributesJsonSchema(resource),
      ...(relationships.length > 0
        ? {
            relationships: {
              type: 'object',
              description: 'The relationships loaded, each left out when it is not',
              properties: Object.fromEntries(relationships),
            },
          }
        : {}),
    },
  };
}

/** The document a `@Responds` handler answers: its resource (or list), what it may include, its meta. */
function respondsSchema(declared: RespondsMetadata, schemas: ResourceSchemas): JsonSchema {
  const reachable = [...new Set(declared.resources.flatMap((resource) => schemas.add(resource)))];
  const names = declared.resources.map(({ name }) => name);
  const item = names.length === 1 ? ref(names[0]) : { oneOf: names.map(ref) };
  const data = declared.list
    ? { type: 'array', items: item }
    : declared.nullable
      ? { nullable: true, allOf: [item] }
      : item;
  return {
    type: 'object',
    required: declared.meta ? ['data', 'meta'] : ['data'],
    properties: {
      data,
      ...(reachable.length > 0
        ? {
            included: {
              type: 'array',
              description: 'The related resources asked for with `include`',
              items: reachable.length === 1 ? ref(reachable[0]) : { oneOf: reachable.map(ref) },
            },
          }
        : {}),
      meta: declared.meta ? wireJsonSchema(declared.meta) : { type: 'object', additionalProperties: true },
    },
  };
}

/** The body of a JSON:API write whose attributes follow `attributes`. */
export function writeDocumentSchema(attributes: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: ['attributes'],
        properties: { type: { type: 'string' }, id: { type: 'string' }, attributes },
      },
    },
  };
}

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.OPTIONS]: 'options',
  [RequestMethod.HEAD]: 'head',
};

/** Nest's `RouteParamtypes`: which decorator fills a handler argument. */
const BODY = 3;

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

function joinPath(...parts: unknown[]): string {
  const segments = parts
    .flatMap((part) => (Array.isArray(part) ? [part[0]] : [part]))
    .filter((part): part is string => typeof part === 'string')
    .flatMap((part) => part.split('/'))
    .filter(Boolean);
  return `/${segments.join('/')}`;
}

/** `/api/course/modules/:id` → `/api/course/modules/{id}` and the parameter names. */
function templated(path: string): { path: string; names: string[] } {
  const names: string[] = [];
  const result = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path: result, names };
}

const isIntPipe = (pipe: unknown) =>
  pipe === ParseIntPipe ||
  pipe instanceof ParseIntPipe ||
  (pipe as { name?: string })?.name === 'ParseIntPipe';

function pathParameter(name: string, args: RouteArg[]): JsonSchema {
  const arg = args.find((candidate) => candidate.data === name);
  const integer = arg?.pipes?.some(isIntPipe) ?? false;
  return {
    name,
    in: 'path',
    required: true,
    schema: integer ? { type: 'integer', minimum: 1, maximum: 2_147_483_647 } : { type: 'string' },
  };
}

const FILTER_VALUE: Record<FilterType, JsonSchema> = {
  integer: { type: 'integer' },
  number: { type: 'number' },
  string: { type: 'string' },
  boolean: { type: 'boolean' },
  date: { type: 'string', description: 'YYYY-MM-DD HH:mm:ss (or YYYY-MM-DD) in the campus time zone' },
};

/**
 * The query parameters `@JsonApiQuery(spec)` accepts (`libs/jsonapi` `parseQuery`), each bracket
 * key its own parameter as clients send it: `filter[course_id][is]`, `sort`, `page[limit]`, `include`.
 */
function queryParameters({ spec, includeOnly }: { spec: QuerySpec; includeOnly?: boolean }): JsonSchema[] {
  const include = spec.includes?.length
    ? [
        {
          name: 'include',
          in: 'query',
          description: `Comma-separated, of: ${spec.includes.join(', ')}`,
          schema: { type: 'string' },
        },
      ]
    : [];
  if (includeOnly) return include;
  const filters = Object.entries(spec.filters).flatMap(([field, filter]) =>
    (filter.ops ?? DEFAULT_FILTER_OPS[filter.type]).map((op) => ({
      name: `filter[${field}][${op}]`,
      in: 'query',
      schema:
        op === 'in'
          ? { type: 'string', description: 'Comma-separated values' }
          : op === 'null'
            ? { type: 'boolean' }
            : op === 'like'
              ? { type: 'string' }
              : FILTER_VALUE[filter.type],
    })),
  );
  return [
    ...filters,
    {
      name: 'sort',
      in: 'query',
      description: `Comma-separated, \`-\` for descending, of: ${Object.keys(spec.sorts).join(', ')}`,
      schema: { type: 'string' },
    },
    {
      name: 'page[limit]',
      in: 'query',
      description: '0 or -1: all (up to the maximum)',
      schema: { type: 'integer', minimum: -1, maximum: spec.maxLimit ?? 1000 },
    },
    { name: 'page[offset]', in: 'query', schema: { type: 'integer', minimum: 0 } },
    ...include,
  ];
}

function metadataOf<T>(key: string, handler: object, controller: object): T | undefined {
  return (Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller)) as T | undefined;
}

function operationOf(
  controller: new (...args: never[]) => object,
  methodName: string,
  httpMethod: string,
  names: string[],
  schemas: ResourceSchemas,
): OpenApiOperation {
  const prototype = controller.prototype as Record<string, object>;
  const handler = prototype[methodName];
  const args = Object.values(
    (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<string, RouteArg>,
  );
  const argTypes = Object.keys(
    (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<string, RouteArg>,
  ).map((key) => Number(key.split(':')[0]));
  const isPublic = metadataOf<boolean>(PUBLIC_KEY, handler, controller) === true;
  const roles = metadataOf<string[]>(ROLES_KEY, handler, controller);
  const body = Reflect.getMetadata(ATTRIBUTES_SCHEMA, prototype, methodName) as
    AttributesMetadata | undefined;
  const explicitStatus = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
  const status = explicitStatus ?? (httpMethod === 'post' ? 201 : 200);
  const responds = Reflect.getMetadata(RESPONDS_KEY, handler) as RespondsMetadata | undefined;

  const operation: OpenApiOperation = {
    operationId: `${controller.name.replace(/Controller$/, '')}_${methodName}`,
    tags: [controller.name.replace(/(Controller|Handler)$/, '')],
    parameters: names.map((name) => pathParameter(name, args)),
    responses: {
      [String(status)]:
        status === 204
          ? { description: 'Done, nothing to return' }
          : {
              description: responds
                ? `A JSON:API document: ${responds.list ? 'a list of ' : ''}${responds.resources.map(({ name }) => name).join(' or ')}`
                : 'A JSON:API document',
              content: jsonApiContent(responds ? respondsSchema(responds, schemas) : ref('Document')),
            },
      '4XX': ERROR_RESPONSE,
      '503': ERROR_RESPONSE,
    },
    ...(isPublic ? { security: [] } : {}),
    ...(roles && roles.length > 0 ? { 'x-roles': roles, description: `Roles: ${roles.join(', ')}` } : {}),
  };
  const query = Reflect.getMetadata(JSON_API_QUERY_KEY, prototype, methodName) as
    JsonApiQueryMetadata | undefined;
  if (query) operation.parameters?.push(...queryParameters(query));
  if (body) {
    operation.requestBody = {
      required: !body.optionalBody,
      content: jsonApiContent(writeDocumentSchema(jsonSchemaOf(body.schema))),
    };
  } else if (argTypes.includes(BODY)) {
    operation.requestBody = {
      required: false,
      content: jsonApiContent({ type: 'object', additionalProperties: true }),
    };
  }
  const extra = Reflect.getMetadata(OPERATION_KEY, prototype, methodName) as
    Partial<OpenApiOperation> | undefined;
  if (extra) {
    const { responses, parameters, ...rest } = extra;
    Object.assign(operation, rest, {
      responses: { ...operation.responses, ...responses },
      parameters: [...(operation.parameters ?? []), ...(parameters ?? [])],
    });
  }
  return operation;
}

/**
 * The operations of every controller of the application, keyed by OpenAPI path and method, and the
 * component schemas of the resources they answer with.
 */
export function collectOperations(source: INestApplication | ModulesContainer): {
  paths: OpenApiPaths;
  schemas: Record<string, JsonSchema>;
} {
  const paths: OpenApiPaths = {};
  const schemas = new ResourceSchemas();
  const modules = source instanceof ModulesContainer ? source : source.get(ModulesContainer);
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const base = Reflect.getMetadata(PATH_METADATA, controller) as unknown;
      for (const methodName of Object.getOwnPropertyNames(controller.prototype)) {
        if (methodName === 'constructor') continue;
        const handler = (controller.prototype as Record<string, unknown>)[methodName];
        if (typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const routePath = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
        if (method === undefined || routePath === undefined) continue;
        const httpMethods =
          method === RequestMethod.ALL
            ? ['get', 'post', 'put', 'patch', 'delete']
            : [METHODS[method]].filter((name): name is string => name !== undefined);
        const { path, names } = templated(joinPath(base, routePath));
        for (const httpMethod of httpMethods) {
          (paths[path] ??= {})[httpMethod] = operationOf(controller, methodName, httpMethod, names, schemas);
        }
      }
    }
  }
  return { paths, schemas: schemas.schemas };
}

export interface OpenApiDocumentOptions {
  /** Service name: the document's title and the prefix of its tags. */
  title: string;
  version?: string;
  description?: string;
  /** Operations served outside Nest's controllers (plain Fastify routes such as blob links). */
  extraPaths?: OpenApiPaths;
}

const sortedByKey = <T>(record: Record<string, T>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/** The OpenAPI 3.0 document of the application's HTTP API. */
export function buildOpenApiDocument(
  source: INestApplication | ModulesContainer,
  options: OpenApiDocumentOptions,
): OpenApiDocument {
  const { paths, schemas } = collectOperations(source);
  for (const [path, operations] of Object.entries(options.extraPaths ?? {}))
    paths[path] = { ...paths[path], ...operations };
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.0.3',
    info: { title: options.title, version: options.version ?? '0.1.0', description: options.description },
    paths: sorted,
    components: {
      schemas: { ...JSON_API_COMPONENTS, ...sortedByKey(schemas) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
  };
}

/**
 * The document of an application module without running it: Nest's preview mode resolves the
 * module graph and its controllers but creates no provider, so no database, broker or port is
 * needed (`npm run openapi` builds the whole API's document this way).
 */
export async function describeModule(
  module: DynamicModule,
  options: OpenApiDocumentOptions,
): Promise<OpenApiDocument> {
  const context = await NestFactory.createApplicationContext(module, {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    return buildOpenApiDocument(context.get(ModulesContainer), options);
  } finally {
    await context.close();
  }
}

/** A route the HTTP server serves: method and Fastify URL (`/api/course/modules/:id`). */
export interface ServedRoute {
  method: string;
  url: string;
}

const served = new WeakMap<object, ServedRoute[]>();

/**
 * Every route the application's Fastify server registered after `serveOpenApi` (Nest's and plain
 * Fastify ones alike), so a test can hold them against the document.
 */
export function servedRoutes(app: NestFastifyApplication): readonly ServedRoute[] {
  return served.get(app) ?? [];
}

/**
 * Serves the document at `GET /openapi.json` on the service's own port (the gateway routes only
 * `/api/*`, so it is reached publicly only through the gateway's merged `/api/docs`). Call it
 * before the application starts listening, so it sees every route registered.
 */
export function serveOpenApi(app: NestFastifyApplication, options: OpenApiDocumentOptions): void {
  const fastify = app.getHttpAdapter().getInstance();
  const routes: ServedRoute[] = [];
  served.set(app, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method: method.toLowerCase(), url: route.url });
  });
  let document: OpenApiDocument | undefined;
  fastify.get('/openapi.json', async (_request, reply) => {
    document ??= buildOpenApiDocument(app, options);
    return reply.header('content-type', 'application/json').send(document);
  });
}
