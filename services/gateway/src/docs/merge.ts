import type { JsonSchema, OpenApiDocument, OpenApiPaths } from '@lms/platform';
import { ROUTES, Router, SERVICES, type ServiceName } from '../routing/routes';

const router = new Router();

/** The service the gateway sends an OpenAPI path to (`/api/...` only; others stay inside). */
export function serviceOfPath(path: string): ServiceName | undefined {
  if (!path.startsWith('/api/')) return undefined;
  return router.resolve(path.slice('/api'.length));
}

const SCHEMA_REF = '#/components/schemas/';

/** `value` with every `$ref` to a component schema renamed by `rename` (a deep copy). */
function renameRefs<T>(value: T, rename: (name: string) => string): T {
  if (Array.isArray(value)) return value.map((item: unknown) => renameRefs(item, rename)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF)
        ? `${SCHEMA_REF}${rename(item.slice(SCHEMA_REF.length))}`
        : renameRefs(item, rename),
    ]),
  ) as T;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One document from the gateway's own and each service's: a service contributes the paths the
 * routing table sends to it (never its `/internal` or health paths), its operations tagged and
 * their ids prefixed with its name, and the component schemas they use. A schema named like
 * another service's but different is renamed `<service>.<name>` in that service's operations.
 * Services not deployed, or not answering, are listed in `x-unavailable-services` with the
 * prefixes that answer 503.
 */
export function mergeDocuments(
  gateway: OpenApiDocument,
  services: Array<{ name: string; document: OpenApiDocument | undefined }>,
): OpenApiDocument {
  const paths: OpenApiPaths = {};
  for (const [path, operations] of Object.entries(gateway.paths)) paths[path] = operations;
  const schemas: Record<string, JsonSchema> = { ...gateway.components.schemas };
  const answered = new Set<string>();
  for (const { name, document } of services) {
    if (!document) continue;
    answered.add(name);
    const renamed = new Map<string, string>();
    for (const [schemaName, schema] of Object.entries(document.components?.schemas ?? {})) {
      if (Object.hasOwn(schemas, schemaName) && !same(schemas[schemaName], schema))
        renamed.set(schemaName, `${name}.${schemaName}`);
    }
    const rename = (schemaName: string) => renamed.get(schemaName) ?? schemaName;
    for (const [schemaName, schema] of Object.entries(document.components?.schemas ?? {}))
      schemas[rename(schemaName)] = renameRefs(schema, rename);
    for (const [path, operations] of Object.entries(renameRefs(document.paths, rename))) {
      if (serviceOfPath(path) !== name || paths[path]) continue;
      paths[path] = Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [
          method,
          {
            ...operation,
            operationId: `${name}_${operation.operationId ?? `${method}_${path}`}`,
            tags: (operation.tags ?? []).map((tag) => `${name}: ${tag}`),
          },
        ]),
      );
    }
  }
  const unavailable = SERVICES.filter((name) => !answered.has(name)).map((name) => ({
    service: name,
    prefixes: ROUTES.filter(([, owner]) => owner === name).map(([prefix]) => `/api${prefix}`),
  }));
  return {
    ...gateway,
    info: {
      title: 'LMS API',
      version: gateway.info.version,
      description:
        'Every route of the gateway and of the services behind it. Services listed in ' +
        '`x-unavailable-services` are not deployed (or did not answer): their prefixes answer 503.',
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      ...gateway.components,
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
    },
    'x-unavailable-services': unavailable,
  };
}
