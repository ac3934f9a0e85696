#!/usr/bin/env node
// `npm run new:service -- <name>`: generates services/<name> (a domain service with its own
// database, events tables, health routes and a first test) and adds it to every list that names
// the services (docs/adding-a-service.md). Refuses, changing nothing, when the name is invalid or
// taken. `--root <dir>` runs it on another checkout (tests).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const args = process.argv.slice(2);
const rootIndex = args.indexOf('--root');
const root = rootIndex >= 0 ? args.splice(rootIndex, 2)[1] : new URL('..', import.meta.url).pathname;
// `--autoscale`: a HorizontalPodAutoscaler owns its replicas in Kubernetes (like the gateway's).
const autoscaleIndex = args.indexOf('--autoscale');
const autoscale = autoscaleIndex >= 0;
if (autoscale) args.splice(autoscaleIndex, 1);
const [name, ...rest] = args;

function fail(message) {
  console.error(`new:service: ${message}`);
  process.exit(1);
}

if (!name || rest.length)
  fail('usage: npm run new:service -- <name> [--autoscale]   (lowercase: a-z, 0-9, -)');
if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name) || name.length > 40)
  fail(
    `"${name}" is not a valid service name: lowercase letters, digits and single hyphens, starting with a letter, at most 40 characters`,
  );
const RESERVED = ['all-in-one', 'gateway', 'web', 'lms', 'postgres', 'kafka', 'redis', 'minio', 'minio-init'];
if (RESERVED.includes(name)) fail(`"${name}" is reserved`);
for (const dir of ['services', 'libs'])
  if (existsSync(join(root, dir, name))) fail(`${dir}/${name} exists already: "${name}" is taken`);
const registry = read('services/all-in-one/src/registry.ts');
if (registry.includes(`'@lms/${name}'`)) fail(`@lms/${name} is in the registry already`);

// ---- names --------------------------------------------------------------------------------
const camel = name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const Pascal = camel[0].toUpperCase() + camel.slice(1);
const CONST = name.toUpperCase().replace(/-/g, '_');
const urlVar = `${CONST}_URL`;
const database = `lms_${name.replace(/-/g, '_')}`;
const definition = `${camel}Service`;
const configClass = `${Pascal}Config`;
const moduleClass = `${Pascal}AppModule`;

// The next free default port after every service's.
const ports = readdirSync(join(root, 'services'))
  .map((dir) => join(root, 'services', dir, 'src/service.ts'))
  .filter(existsSync)
  .flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/defaultPort:\s*(\d+)/g)].map((m) => Number(m[1])),
  );
const port = Math.max(3000, ...ports) + 1;

function read(file) {
  return readFileSync(join(root, file), 'utf8');
}
const writes = new Map();
/** Stages a write; nothing is written until every edit has been prepared. */
function write(file, text) {
  writes.set(file, text);
}
function edit(file, change) {
  const before = writes.get(file) ?? read(file);
  const after = change(before);
  if (after === before) fail(`${file}: found nothing to change (was it edited by hand?)`);
  write(file, after);
}
/** Inserts `text` before the first match of `anchor` (a string or RegExp). */
function insertBefore(source, anchor, text, file) {
  const index = typeof anchor === 'string' ? source.indexOf(anchor) : source.search(anchor);
  if (index < 0) fail(`${file}: cannot find ${anchor}`);
  return source.slice(0, index) + text + source.slice(index);
}
/** Inserts `text` after the last line matching `pattern` inside source[start, end). */
function insertAfterLast(source, pattern, text, file, start = 0, end = source.length) {
  const part = source.slice(start, end);
  const matches = [...part.matchAll(new RegExp(pattern.source, 'gm'))];
  if (!matches.length) fail(`${file}: cannot find ${pattern}`);
  const last = matches[matches.length - 1];
  const at = start + last.index + last[0].length + 1; // after the line's newline
  return source.slice(0, at) + text + source.slice(at);
}

// ---- the service's own files --------------------------------------------------------------
const identityPackage = JSON.parse(read('services/identity/package.json'));
const dependencies = Object.fromEntries(
  Object.entries(identityPackage.dependencies).filter(([dep]) => dep !== '@node-rs/argon2'),
);
const dir = `services/${name}`;
write(
  `${dir}/package.json`,
  JSON.stringify(
    {
      name: `@lms/${name}`,
      version: '0.1.0',
      private: true,
      main: 'dist/index.js',
      types: 'src/index.ts',
      scripts: { ...identityPackage.scripts, test: `jest --config ../../jest.config.js services/${name}` },
      dependencies,
    },
    null,
    2,
  ) + '\n',
);

write(
  `${dir}/src/config.ts`,
  `import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';

/** ${name}'s environment variables (documented in .env.example). */
const ${Pascal}Env = z.object({
  PORT: variable.int(${port}, { min: 0, max: 65535 }),
  DATABASE_URL: variable.string(),
  JWT_PUBLIC_KEY: variable.pem(),
  INTERNAL_TOKEN: variable.string(),
  TRUSTED_PROXIES: variable.proxies('loopback'),
});

/** ${name}'s configuration, read once at boot (see .env.example). */
export class ${configClass} implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): ${configClass} {
    const vars = readEnv('${name}', ${Pascal}Env, env);
    return Object.assign(new ${configClass}(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
    });
  }
}
`,
);

write(
  `${dir}/src/app.module.ts`,
  `import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { PROJECTED_TOPICS, PROJECTIONS, Projections, ProjectionsBackfill } from '@lms/projections';
import type { ${configClass} } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * ${name}: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers.
 */
@Module({})
export class ${moduleClass} {
  static forRoot(config: ${configClass}, transport: EventTransport): DynamicModule {
    return serviceModule(${moduleClass}, {
      service: '${name}',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      controllers: [...PROJECTIONS.handlers],
      providers: [Projections, ...ProjectionsBackfill.providers({ service: '${name}', topics: PROJECTED_TOPICS })],
    });
  }
}
`,
);

write(
  `${dir}/src/entities.ts`,
  `import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';

export const ENTITIES = [...PROJECTIONS.entities, OutboxEvent, InboxEvent];
`,
);

write(
  `${dir}/src/migrations/index.ts`,
  `import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';

/** Every migration of the ${name} database, oldest first (npm run migration:generate -- ${name} <Name>). */
export const MIGRATIONS = [EventsTables1763800000000, ...PROJECTION_MIGRATIONS, OutboxOrder1795533482436];
`,
);

write(
  `${dir}/src/service.ts`,
  `import { defineService } from '@lms/platform';
import { ${moduleClass} } from './app.module';
import { ${configClass} } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** ${name}: its own database (${database}), events through the outbox. */
export const ${definition} = defineService({
  name: '${name}',
  defaultPort: ${port},
  config: (env) => ${configClass}.fromEnv(env),
  module: (config, transport) => ${moduleClass}.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
});
`,
);

write(
  `${dir}/src/main.ts`,
  `import 'reflect-metadata';
import { runService } from '@lms/platform';
import { ${definition} } from './service';

/** Stack mode: ${name} as its own process, events on Kafka. */
runService(${definition});
`,
);

write(
  `${dir}/src/index.ts`,
  `export { ${configClass} } from './config';
export { ${definition} } from './service';
`,
);

write(
  `${dir}/test/migrations.int-spec.ts`,
  `import { checkMigrations } from '@lms/testing';
import { ENTITIES } from '../src/entities';
import { MIGRATIONS } from '../src/migrations';

describe('${name} migrations', () => {
  it('match the entities exactly and revert cleanly', async () => {
    const { drift, tablesAfterRevert } = await checkMigrations({
      service: '${name}',
      entities: ENTITIES,
      migrations: MIGRATIONS,
    });
    expect(drift).toEqual([]);
    expect(tablesAfterRevert).toEqual(['migrations']);
  });
});
`,
);

write(
  `${dir}/test/health.int-spec.ts`,
  `import { ServiceHarness } from '@lms/testing';
import { ${definition} } from '../src/service';

/**
 * ${name} started by the generic harness: a fresh database with its migrations, tokens for any
 * user (\`await h.as({ id, tenantId, role })\`), other services' events applied by its handlers
 * (\`h.given.user(…)\`, \`h.given.campus(…)\`, \`h.publish(…)\`) and its outbox (\`h.events(type)\`).
 */
describe('${name} on PostgreSQL', () => {
  const h = new ServiceHarness(${definition});
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('is live and ready, its migrations applied', async () => {
    expect((await h.api.get('/healthz')).status).toBe(200);
    const ready = await h.api.get('/readyz');
    expect(ready).toMatchObject({ status: 200, body: { meta: { status: 'ready' } } });
    const tables = await h.ds.query(
      \`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1\`,
    );
    expect(tables.map((t: { table_name: string }) => t.table_name)).toEqual(
      expect.arrayContaining(['inbox', 'migrations', 'outbox', 'tenants', 'users', 'courses', 'course_staff']),
    );
  });

  it('asks the owners of its projections to republish them, once (the backfill)', async () => {
    const [request, ...more] = await h.events('platform.snapshot.requested');
    expect(more).toEqual([]);
    expect(request).toMatchObject({ tenantId: 0, data: { requestedBy: '${name}' } });
  });
});
`,
);

write(
  `${dir}/.env.example`,
  `# ${name} — every variable it reads
PORT=${port}
DATABASE_URL=postgres://lms:secret@postgres:5432/${database}   # required
JWT_PUBLIC_KEY=                 # required: the gateway's Ed25519 public key, SPKI PEM
INTERNAL_TOKEN=                 # required: same value as the gateway's
TRUSTED_PROXIES=loopback        # peers whose X-Forwarded-* count besides the gateway (which sends INTERNAL_TOKEN)
SEED_DEMO=0                     # 1: create its part of the demo campus (all-in-one mode always does)
KAFKA_BROKERS=kafka:9092         # required in stack mode (comma list)
KAFKA_PARTITIONS=6              # partitions of the topics this service creates
LOG_LEVEL=info
`,
);

// ---- the registry and the build ------------------------------------------------------------
edit('services/all-in-one/src/registry.ts', (source) => {
  let next = insertBefore(
    source,
    "import type { ServiceDefinition } from '@lms/platform';",
    `import { ${definition} } from '@lms/${name}';\n`,
    'registry.ts',
  );
  next = next.replace(
    /(export const SERVICES: ServiceDefinition\[\] = \[)([^\]]*)\]/,
    (_, head, list) => `${head}${list.trim().replace(/,$/, '')}, ${definition}]`,
  );
  return next;
});
edit('services/all-in-one/package.json', (source) => {
  const pkg = JSON.parse(source);
  pkg.dependencies = sorted({ ...pkg.dependencies, [`@lms/${name}`]: '*' });
  return JSON.stringify(pkg, null, 2) + '\n';
});
edit('nest-cli.json', (source) =>
  insertBefore(
    source,
    '    "all-in-one": {',
    `    "${name}": { "type": "application", "root": "services/${name}", "sourceRoot": "services/${name}/src" },\n`,
    'nest-cli.json',
  ),
);
// The lock file as `npm install` writes it for a new workspace (every dependency is installed).
edit('package-lock.json', (source) => {
  const lock = JSON.parse(source);
  const packages = lock.packages;
  packages[`node_modules/@lms/${name}`] = { resolved: dir, link: true };
  packages[dir] = { name: `@lms/${name}`, version: '0.1.0', dependencies };
  const allInOne = packages['services/all-in-one'];
  allInOne.dependencies = sorted({ ...allInOne.dependencies, [`@lms/${name}`]: '*' });
  lock.packages = sorted(packages, (a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')));
  return JSON.stringify(lock, null, 2) + '\n';
});

// ---- the gateway ---------------------------------------------------------------------------
let gatewayKnew = false;
{
  // A name the gateway knows already (exam, task, …) keeps its prefixes: nothing to change there.
  const routes = read('services/gateway/src/routing/routes.ts');
  const known = routes.match(/export const SERVICES = \[([^\]]*)\] as const;/);
  if (!known) fail('routes.ts: cannot find SERVICES');
  gatewayKnew = known[1].includes(`'${name}'`);
  if (!gatewayKnew)
    edit('services/gateway/src/routing/routes.ts', (source) => {
      const next = insertBefore(source, '] as const;', `  '${name}',\n`, 'routes.ts');
      // A new name owns the prefix /<name>.
      return insertBefore(next, "  ['', 'course'],", `  ['/${name}', '${name}'],\n`, 'routes.ts');
    });
}

// ---- docker compose ------------------------------------------------------------------------
edit('docker-compose.yml', (source) => {
  const identity = source.match(/\n {2}identity:\n[\s\S]*?\n(?=\n {2}\S)/);
  if (!identity) fail('docker-compose.yml: cannot find the identity block to copy');
  const block = identity[0]
    .replace(/\n {2}identity:/, `\n  ${name}:`)
    .replace(/SERVICE: identity/, `SERVICE: ${name}`)
    .replace(/lms-identity:/, `lms-${name}:`)
    .replace(/PORT: 3001/, `PORT: ${port}`)
    .replace(/\/lms_identity/, `/${database}`)
    .replace(/127\.0\.0\.1:3001/, `127.0.0.1:${port}`)
    .replace(/\n {6}REFRESH_TTL_SECONDS:.*/, '')
    .replace(/\n {6}DEMO_(DOMAIN|PASSWORD):.*/g, '')
    // identity's own settings (its mail, its sealed client secrets) are not the new service's
    .replace(/\n {6}SMTP_URL:.*/, '')
    .replace(/\n {6}# seals stored OpenID client secrets:.*\n {6}SECRETS_KEY:.*/, '');
  let next = insertBefore(source, /\n {2}postgres:\n {4}image:/, block, 'docker-compose.yml');
  next = next.replace(/(LMS_DATABASES: [^\n]*)/, `$1 ${database}`);
  const start = next.indexOf('\n  gateway:\n');
  const end = next.indexOf(`\n  identity:\n`);
  next = insertAfterLast(
    next,
    /^ {6}[A-Z_]+_URL: http:\/\/.*$/,
    `      ${urlVar}: http://${name}:${port}\n`,
    'docker-compose.yml',
    start,
    end,
  );
  const end2 = next.indexOf(`\n  identity:\n`);
  next = insertAfterLast(
    next,
    /^ {8}condition: service_healthy$/,
    `      ${name}:\n        condition: service_healthy\n`,
    'docker-compose.yml',
    start,
    end2,
  );
  return next;
});

// ---- kubernetes ----------------------------------------------------------------------------
const deployment = read('k8s/base/services/identity.yaml')
  .replace(/identity/g, name)
  .replace(/containerPort: 3001/, `containerPort: ${port}`);
write(
  `k8s/base/services/${name}.yaml`,
  // With an autoscaler the Deployment leaves its replica count to it.
  autoscale ? deployment.replace(/\n {2}replicas: \d+\n/, '\n') : deployment,
);
if (autoscale)
  write(
    `k8s/base/autoscaling/${name}.yaml`,
    read('k8s/base/autoscaling/gateway.yaml').replace(/gateway/g, name),
  );
write(`k8s/base/config/${name}.env`, `# ConfigMap ${name}-config.\nPORT=${port}\nSEED_DEMO=0\n`);
write(
  `k8s/base/secrets/${name}.env`,
  `# PLACEHOLDER VALUES, NOT SECRETS: Secret ${name}-secrets (${name} only; its own database and role).\n` +
    `DATABASE_URL=postgres://${database}:PLACEHOLDER-password@postgres.lms-infra.svc:5432/${database}\n`,
);
edit('k8s/base/kustomization.yaml', (source) => {
  let next = insertAfterLast(
    source,
    /^ {2}- services\/.*\.yaml$/,
    `  - services/${name}.yaml\n`,
    'kustomization.yaml',
  );
  if (autoscale)
    next = insertAfterLast(
      next,
      /^ {2}- autoscaling\/.*\.yaml$/,
      `  - autoscaling/${name}.yaml\n`,
      'kustomization.yaml',
    );
  next = insertAfterLast(
    next,
    /^ {4}envs: \[config\/.*\.env\]$/,
    `  - name: ${name}-config\n    envs: [config/${name}.env]\n`,
    'kustomization.yaml',
  );
  next = insertAfterLast(
    next,
    /^ {4}envs: \[secrets\/.*\.env\]$/,
    `  - name: ${name}-secrets\n    envs: [secrets/${name}.env]\n`,
    'kustomization.yaml',
  );
  return next;
});
edit('k8s/base/monitoring/pod-monitor.yaml', (source) =>
  source.replace(/^( {8}values: \[)([^\]]*)\]$/m, (_, head, list) => `${head}${list}, ${name}]`),
);
edit('k8s/base/config/gateway.env', (source) =>
  insertAfterLast(source, /^[A-Z_]+_URL=http:\/\/.*$/, `${urlVar}=http://${name}\n`, 'gateway.env'),
);
for (const overlay of readdirSync(join(root, 'k8s/overlays'))) {
  const file = `k8s/overlays/${overlay}/kustomization.yaml`;
  if (!existsSync(join(root, file))) continue;
  const gateway = read(file).match(
    /^ {2}- name: lms-gateway\n {4}newName: (\S+)\/gateway\n {4}newTag: (\S+)$/m,
  );
  if (!gateway) continue; // an overlay without images of its own takes the base's
  edit(file, (source) => {
    const start = source.indexOf('\nimages:\n');
    const end = source.indexOf('\n\n', start + 1);
    return insertAfterLast(
      source,
      /^ {4}newTag: .*$/,
      `  - name: lms-${name}\n    newName: ${gateway[1]}/${name}\n    newTag: ${gateway[2]}\n`,
      file,
      start,
      end < 0 ? source.length : end,
    );
  });
}

// ---- the documented variables --------------------------------------------------------------
edit('.env.example', (source) =>
  insertAfterLast(source, /^[A-Z_]+_URL=http:\/\/.*$/, `${urlVar}=http://${name}:${port}\n`, '.env.example'),
);
edit('docs/operations.md', (source) =>
  insertAfterLast(
    source,
    /^\| `COURSE_URL` .*$/,
    `| \`${urlVar}\` | gateway | none (answers 503) | base URL of ${name} |\n`,
    'docs/operations.md',
  ),
);

// ---- write, link, format -------------------------------------------------------------------
for (const [file, text] of writes) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}
const link = join(root, 'node_modules/@lms', name);
if (existsSync(join(root, 'node_modules/@lms')) && !existsSync(link))
  symlinkSync(relative(dirname(link), join(root, dir)), link);
execFileSync(
  join(root, 'node_modules/.bin/prettier'),
  ['--write', '--ignore-unknown', '--log-level', 'warn', ...writes.keys()],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

console.log(`new:service: created ${dir} (@lms/${name}, port ${port}, database ${database})
  registry: services/all-in-one/src/registry.ts; gateway: ${urlVar}, ${gatewayKnew ? 'its prefixes as routes.ts had them' : `prefix /api/${name}`}
  deployment: docker-compose.yml, k8s/base (and the overlays' images), .env.example, docs/operations.md
  next: npx jest ${dir} deploy/test   and   npm start`);

function sorted(object, compare) {
  return Object.fromEntries(
    Object.entries(object).sort(([a], [b]) => (compare ? compare(a, b) : a < b ? -1 : 1)),
  );
}
