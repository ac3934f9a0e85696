import type { OpenApiDocument, OpenApiPaths } from '@lms/platform';
import { ROUTES, Router, SERVICES, type ServiceName } from '../routing/routes';

const router = new Router();

/** The service the gateway sends an OpenAPI path to (`/api/...` only; others stay inside). */
export function serviceOfPath(path: string): ServiceName | undefined {
  if (!path.startsWith('/api/')) return undefined;
  return router.resolve(path.slice('/api'.length));
}

/**
 * One document from the gateway's own and each service's: a service contributes the paths the
 * routing table sends to it (never its `/internal` or health paths), its operations tagged and
 * their ids prefixed with its name. Services not deployed, or not answering, are listed in
 * `x-unavailable-services` with the prefixes that answer 503.
 */
export function mergeDocuments(
  gateway: OpenApiDocument,
  services: Array<{ name: string; document: OpenApiDocument | undefined }>,
): OpenApiDocument {
  const paths: OpenApiPaths = {};
  for (const [path, operations] of Object.entries(gateway.paths)) paths[path] = operations;
  const answered = new Set<string>();
  for (const { name, document } of services) {
    if (!document) continue;
    answered.add(name);
    for (const [path, operations] of Object.entries(document.paths)) {
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
    'x-unavailable-services': unavailable,
  };
}
