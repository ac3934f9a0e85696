import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { installedTool, toolsDir } from '@lms/testing';
import { urlVariable } from '@lms/gateway';

/**
 * The deployment files (deploy/docker, docker-compose.yml, k8s/) against the code: every service
 * that has a stack-mode entry point is deployed in both, with health checks, probes and resources,
 * and gets every variable it reads. Kubernetes objects are rendered with kustomize and validated
 * offline with kubeconform against the Kubernetes JSON schemas. The tools are installed by `npm
 * test`'s preparation step (scripts/prepare.sh → deploy/test/ensure-validators.sh), never here.
 */

const ROOT = join(__dirname, '../..');
const SCHEMAS = join(toolsDir(), 'kubernetes-json-schema');
const ENSURE = join(ROOT, 'deploy/test/ensure-validators.sh');

/** Read by the tests' own machinery only; never set for a deployed service. */
const TEST_ONLY: Record<string, string> = {
  TEST_DATABASE_URL: 'libs/testing: the PostgreSQL the Jest run uses',
  TOOLS_DIR: 'libs/testing: where scripts/prepare.sh installed the test tools',
  XDG_CACHE_HOME: 'libs/testing: the default tools directory is under it',
  LMS_TEST_STARTED_FILE: 'libs/testing: which stack servers a Jest run started, for its teardown',
  TEST_LOG_LEVEL: 'libs/testing: the log level of services booted by a test (error unless set)',
};

/** Read by `npm start` (services/all-in-one) only, which is not deployed. */
const ALL_IN_ONE_ONLY: Record<string, string> = {
  PG_PORT: 'port of the embedded PostgreSQL',
  PG_PASSWORD: 'password of the embedded PostgreSQL',
};

/** Read with a default in the code: a deployment may leave them out. Default in parentheses. */
const OPTIONAL: Record<string, string> = {
  HOST: 'gateway listen address (0.0.0.0)',
  NODE_ENV: 'every service: production, set by the Docker image (skips the @Responds check)',
  WEB_DIST: 'gateway: built web client (web/dist beside the service)',
  ACCESS_TTL_SECONDS: 'gateway: access-token lifetime (900)',
  LOGIN_FREE_FAILURES: 'gateway: failures per account and address before delays (5)',
  LOGIN_MAX_DELAY_SECONDS: 'gateway: longest sign-in delay (900)',
  LOGIN_ADDRESS_FAILURES: 'gateway: failed sign-ins per address and window (1000)',
  LOGIN_ADDRESS_WINDOW_SECONDS: 'gateway: that window (900)',
  TRUSTED_PROXIES: 'proxies whose forwarding headers count (gateway: none; services: loopback)',
  TENANT_CACHE_SECONDS: 'gateway: host-to-campus cache (60)',
  REFRESH_TTL_SECONDS: 'identity: refresh-token lifetime (30 days)',
  SEED_DEMO: 'identity, course: demo campus and accounts (off)',
  DEMO_PASSWORD: 'identity: demo accounts password (lms-demo)',
  DEMO_DOMAIN: 'identity: demo campus host (localhost)',
  DEMO_TENANT_ID: 'course: campus of the demo course (1)',
  APP_VERSION: 'identity: /public/version (package version)',
  SMTP_URL: 'identity: SMTP server of outgoing mail (none: mails are logged)',
  DB_POOL_SIZE: 'database connections per service process (10)',
  OUTBOX_RETENTION_HOURS: 'services with a database: hours a published outbox row is kept (168)',
  METRICS_PORT: 'every service: port of GET /metrics (not served)',
  DATA_DIR:
    'all-in-one data; identity, course, exam, task: local-disk blobs when no S3_ENDPOINT is set (.data)',
  BLOB_SIGNING_SECRET:
    'identity, course, exam, task: sign local-disk links when no S3_ENDPOINT is set (made once)',
  REGISTRY_URL: 'identity: the national registry (none: the check answers 503)',
  REGISTRY_TOKEN: 'identity: bearer token of the national registry (none sent)',
  ACADEMIC_SYNC_URL: 'course: the academic system courses are synced from (none: the sync answers 503)',
  ACADEMIC_SYNC_TOKEN: 'course: bearer token of the academic system (none sent)',
  ACADEMIC_SYNC_TIMEOUT_MS: 'course: budget of one call to the academic system (10000)',
  TASK_FILE_MAX_BYTES: 'task: largest file of a task, an answer or a comment (20 MB)',
  MESSAGE_FILE_MAX_BYTES: 'messaging: largest file of a course message (10 MB)',
  PROJECT_FILE_MAX_BYTES: 'project: largest file of a file content (20 MB)',
  CARD_REMINDER_HOURS: "project: hours before a card's due date its assignees are reminded (24)",
  CARD_REMINDER_INTERVAL_MS: 'project: milliseconds between two sweeps for cards to remind (60000)',
  ATTEMPT_SWEEP_INTERVAL_MS: 'exam: milliseconds between the sweeps that finish overdue attempts (5000)',
  VAPID_PUBLIC_KEY: 'messaging: Web Push VAPID public key (none: no browser push)',
  VAPID_PRIVATE_KEY: 'messaging: Web Push VAPID private key (none: no browser push)',
  VAPID_SUBJECT: 'messaging: contact the push services may use (mailto:lms@localhost)',
  NOTIFICATION_SWEEP_INTERVAL_MS: 'messaging: milliseconds between pushes, reminders and digests (2000)',
  MAIL_DIGEST_INTERVAL_MS: 'messaging: at most one notification digest per user per this long (900000)',
  EXAM_REMINDER_MINUTES: 'messaging: minutes before an exam its students are reminded (30)',
  SURVEY_MIN_RESPONSES: "survey: fewest responses before a lecturer sees a course survey's breakdown (5)",
  OTEL_EXPORTER_OTLP_ENDPOINT: 'every service: OTLP/HTTP collector of the traces (none: tracing off)',
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'every service: full traces URL instead of the base (none)',
  OTEL_EXPORTER_OTLP_HEADERS: 'every service: headers of every trace export (none)',
  OTEL_SDK_DISABLED: 'every service: tracing off even with an endpoint (false)',
  OTEL_SERVICE_NAME: "every service: the spans' service.name (the service's name)",
  OTEL_RESOURCE_ATTRIBUTES: "every service: attributes of the spans' resource (none)",
};

// ---------------------------------------------------------------------------------------------
// What the code reads

const READS = [
  // zod schemas of environment variables (libs/platform/src/config.ts): `PORT: variable.int(…)`
  /\b([A-Z][A-Z0-9_]*):\s*variable\.[a-zA-Z]+\(/g,
  /\bread\.(?:string|int|optional|flag)\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
  /\bprocess\.env\.([A-Z][A-Z0-9_]*)/g,
  /\bprocess\.env\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Variable → files reading it. */
function variablesReadIn(dirs: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of READS) {
      for (const match of text.matchAll(pattern)) {
        found.set(match[1], [...(found.get(match[1]) ?? []), relative(ROOT, file)]);
      }
    }
  }
  return found;
}

const SERVICES = readdirSync(join(ROOT, 'services'))
  .filter((name) => name !== 'all-in-one' && existsSync(join(ROOT, 'services', name, 'src/main.ts')))
  .sort();
const LIB_DIRS = readdirSync(join(ROOT, 'libs')).map((name) => join(ROOT, 'libs', name, 'src'));
const LIB_VARIABLES = variablesReadIn(LIB_DIRS);
const ALL_IN_ONE_VARIABLES = variablesReadIn([join(ROOT, 'services/all-in-one/src')]);
const SERVICE_VARIABLES = new Map(
  SERVICES.map((service) => [service, variablesReadIn([join(ROOT, 'services', service, 'src')])]),
);

/** Variables a deployed service must be given. */
function required(service: string): string[] {
  const names = new Set([...LIB_VARIABLES.keys(), ...SERVICE_VARIABLES.get(service)!.keys()]);
  return [...names].filter((name) => !(name in TEST_ONLY) && !(name in OPTIONAL)).sort();
}

// ---------------------------------------------------------------------------------------------
// Reading the deployment files

function run(command: string, args: string[], input?: string): string {
  try {
    return execFileSync(command, args, { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${basename(command)} ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? failed.message}`,
    );
  }
}

function parseYaml(text: string): unknown[] {
  return JSON.parse(run(installedTool('bin/yaml2json'), [], text)) as unknown[];
}

type Dict = Record<string, unknown>;
const dict = (value: unknown): Dict =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Dict) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Dict;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

interface Rendering {
  name: string;
  yaml: string;
  objects: K8sObject[];
}

const KUBERNETES_VERSIONS = /KUBERNETES_VERSIONS=\(([^)]*)\)/
  .exec(readFileSync(ENSURE, 'utf8'))![1]
  .trim()
  .split(/\s+/);
const MONITORING_KINDS = new Set(['PodMonitor', 'PrometheusRule']);

/** Every metric the code registers (`name: 'lms_…'` in libs), and Node's own. */
const METRIC_NAMES = new Set(
  LIB_DIRS.flatMap(sourceFiles).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bname: '(lms_[a-z_]+)'/g)].map((m) => m[1]),
  ),
);
/** The metric names a PromQL expression uses (lms_* and nodejs_*, suffixes of histograms stripped). */
const metricsIn = (expr: string) =>
  [...expr.matchAll(/\b((?:lms|nodejs)_[a-z_]+)/g)].map((m) => m[1].replace(/_(bucket|count|sum)$/, ''));

const KUSTOMIZATIONS = ['base', ...readdirSync(join(ROOT, 'k8s/overlays')).map((name) => `overlays/${name}`)];

function render(kustomization: string): Rendering {
  const yaml = run(installedTool('bin/kustomize'), ['build', join(ROOT, 'k8s', kustomization)]);
  return { name: kustomization, yaml, objects: parseYaml(yaml) as K8sObject[] };
}

const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);

interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: Dict }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Dict;
  livenessProbe?: Dict;
  resources?: { requests?: Dict; limits?: Dict };
  securityContext?: Dict;
}

function podSpec(deployment: K8sObject): Dict {
  return dict(dict(deployment.spec?.template).spec);
}

function containerOf(deployment: K8sObject, service: string): Container | undefined {
  return list(podSpec(deployment).containers).find((c) => dict(c).name === service) as Container | undefined;
}

function decoded(object: K8sObject): Record<string, string> {
  const values: Record<string, string> = { ...(object.stringData ?? {}) };
  for (const [key, value] of Object.entries(object.data ?? {}))
    values[key] = object.kind === 'Secret' ? Buffer.from(value, 'base64').toString('utf8') : value;
  return values;
}

/** The environment a container gets: its env, and every key of the ConfigMaps/Secrets of envFrom. */
function environmentOf(container: Container, objects: K8sObject[], problems: string[], where: string) {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const kind = source.configMapRef ? 'ConfigMap' : 'Secret';
    const name = (source.configMapRef ?? source.secretRef)?.name ?? '';
    const object = find(objects, kind, name);
    if (!object) problems.push(`${where}: envFrom ${kind} ${name} does not exist`);
    else Object.assign(env, decoded(object));
  }
  for (const variable of container.env ?? []) {
    const ref = dict(variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef);
    if (variable.valueFrom) {
      const kind = variable.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret';
      const object = find(objects, kind, str(ref.name));
      const value = object ? decoded(object)[str(ref.key)] : undefined;
      if (value === undefined) problems.push(`${where}: ${variable.name} refers to a missing ${kind} key`);
      env[variable.name] = value ?? '';
    } else env[variable.name] = variable.value ?? '';
  }
  return env;
}

function composeEnvironment(service: Dict): Record<string, string> {
  const environment = service.environment;
  if (Array.isArray(environment))
    return Object.fromEntries(environment.map((entry) => str(entry).split(/=(.*)/s).slice(0, 2)));
  return Object.fromEntries(Object.entries(dict(environment)).map(([key, value]) => [key, str(value)]));
}

// ---------------------------------------------------------------------------------------------

describe('deployment files', () => {
  // Read lazily and once: a file that does not parse fails the tests that need it, not all of them.
  let composeFile: Dict | undefined;
  const renderCache = new Map<string, Rendering>();
  const composeServices = (): Dict => {
    composeFile ??= dict(parseYaml(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'))[0]);
    return dict(composeFile.services);
  };
  const rendering = (kustomization: string): Rendering => {
    if (!renderCache.has(kustomization)) renderCache.set(kustomization, render(kustomization));
    return renderCache.get(kustomization)!;
  };
  const renderings = (): Rendering[] => KUSTOMIZATIONS.map(rendering);

  it('finds the deployed services and what they read', () => {
    expect(SERVICES).toEqual(expect.arrayContaining(['gateway', 'identity', 'course']));
    expect(required('identity')).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'JWT_PUBLIC_KEY', 'KAFKA_BROKERS']),
    );
    expect(required('gateway')).toEqual(expect.arrayContaining(['JWT_PRIVATE_KEY', 'INTERNAL_TOKEN']));
  });

  it('lists exceptions that are true: test-only and all-in-one-only variables are read only there', () => {
    const problems: string[] = [];
    for (const [name, files] of LIB_VARIABLES) {
      if (name in TEST_ONLY && files.some((file) => !file.startsWith('libs/testing/')))
        problems.push(`${name} is listed as test-only but read by ${files.join(', ')}`);
    }
    for (const [name] of ALL_IN_ONE_VARIABLES) {
      const elsewhere = LIB_VARIABLES.has(name) || SERVICES.some((s) => SERVICE_VARIABLES.get(s)!.has(name));
      if (!elsewhere && !(name in ALL_IN_ONE_ONLY))
        problems.push(
          `${name} is read by services/all-in-one only: list it in ALL_IN_ONE_ONLY with a reason`,
        );
    }
    expect(problems).toEqual([]);
  });

  it.each(KUSTOMIZATIONS)('k8s/%s renders and validates against the Kubernetes schemas', (kustomization) => {
    const { yaml, objects } = rendering(kustomization);
    expect(objects.length).toBeGreaterThan(0);
    for (const version of KUBERNETES_VERSIONS) {
      const location = `${SCHEMAS}/{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json`;
      // Prometheus Operator kinds have no schema offline: checked by the monitoring test below.
      const skip = [...MONITORING_KINDS];
      const skipped = objects.filter((object) => MONITORING_KINDS.has(object.kind)).length;
      const out = run(
        installedTool('bin/kubeconform'),
        [
          '-strict',
          '-summary',
          '-skip',
          skip.join(','),
          '-kubernetes-version',
          version,
          '-schema-location',
          location,
          '-',
        ],
        yaml,
      );
      expect(out).toContain(`Valid: ${objects.length - skipped}, Invalid: 0, Errors: 0, Skipped: ${skipped}`);
    }
  });

  it('builds every service from the one Dockerfile, as a non-root user, with a health check', () => {
    const dockerfile = readFileSync(join(ROOT, 'deploy/docker/Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^ARG SERVICE$/m);
    expect(dockerfile).toMatch(/^USER (?!root\b|0\b)\w+/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    expect(dockerfile).toMatch(/^CMD .*node services\/\$\{SERVICE\}\/dist\/main\.js/m);
    const ignore = readFileSync(join(ROOT, 'deploy/docker/Dockerfile.dockerignore'), 'utf8').split('\n');
    expect(ignore).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.data', '.env', '.git']));
  });

  it('runs every service in docker-compose.yml, healthy before what depends on it', () => {
    const services = composeServices();
    const problems: string[] = [];
    for (const infra of ['postgres', 'kafka', 'redis', 'minio']) {
      if (!dict(services[infra]).healthcheck) problems.push(`compose: ${infra} has no healthcheck`);
    }
    expect(str(dict(services.postgres).image)).toMatch(/^postgres:16/);
    expect(str(dict(services.kafka).image)).toMatch(/^apache\/kafka:/);
    const databases = str(dict(dict(services.postgres).environment).LMS_DATABASES).split(/\s+/);
    for (const service of SERVICES) {
      const where = `compose ${service}`;
      const definition = dict(services[service]);
      if (!services[service]) {
        problems.push(`${where}: missing`);
        continue;
      }
      const build = dict(definition.build);
      if (build.dockerfile !== 'deploy/docker/Dockerfile' || dict(build.args).SERVICE !== service)
        problems.push(`${where}: not built from deploy/docker/Dockerfile with SERVICE=${service}`);
      const env = composeEnvironment(definition);
      const test = list(dict(definition.healthcheck).test).join(' ');
      if (!test.includes(`:${env.PORT}/readyz`))
        problems.push(`${where}: healthcheck does not ask :${env.PORT}/readyz`);
      const dependsOn = dict(definition.depends_on);
      for (const [name, dependency] of Object.entries(dependsOn)) {
        const condition = dict(dependency).condition;
        if (condition !== 'service_healthy' && condition !== 'service_completed_successfully')
          problems.push(`${where}: depends on ${name} without condition service_healthy`);
      }
      const needs = ['kafka', 'redis', 'minio', ...(env.DATABASE_URL ? ['postgres'] : [])];
      if (service === 'gateway') needs.push(...SERVICES.filter((s) => s !== 'gateway'));
      for (const name of needs) {
        if (dict(dependsOn[name]).condition !== 'service_healthy')
          problems.push(`${where}: does not wait for ${name} to be healthy`);
      }
      if (env.DATABASE_URL) {
        const database = new URL(env.DATABASE_URL.replace(/\$\{[^}]*\}/g, 'x')).pathname.slice(1);
        const expected = `lms_${service.replace(/-/g, '_')}`;
        if (database !== expected) problems.push(`${where}: database ${database}, expected ${expected}`);
        if (!databases.includes(database))
          problems.push(`${where}: ${database} is not created (LMS_DATABASES)`);
      }
    }
    expect(list(dict(services.gateway).ports).map(str)).toEqual(
      expect.arrayContaining([expect.stringMatching(/:8080$/)]),
    );
    expect(problems).toEqual([]);
  });

  it('deploys every service in k8s with a Service, a PodDisruptionBudget, probes, resources, non-root', () => {
    const problems: string[] = [];
    for (const { name, objects } of renderings()) {
      for (const service of SERVICES) {
        const where = `k8s/${name} ${service}`;
        const deployment = find(objects, 'Deployment', service);
        const container = deployment && containerOf(deployment, service);
        if (!deployment || !container) {
          problems.push(`${where}: no Deployment with a container named ${service}`);
          continue;
        }
        const labels = dict(dict(dict(deployment.spec?.template).metadata).labels);
        const selects = (selector: unknown) =>
          Object.keys(dict(selector)).length > 0 &&
          Object.entries(dict(selector)).every(([key, value]) => labels[key] === value);
        const ports = container.ports ?? [];
        const portOf = (port: unknown) => ports.find((p) => p.name === port || p.containerPort === port);
        const env = environmentOf(container, objects, problems, where);
        const http = ports.find((p) => p.name === 'http');
        const metrics = ports.find((p) => p.name === 'metrics');
        if (ports.length !== 2 || String(http?.containerPort) !== env.PORT)
          problems.push(`${where}: ports are not http (PORT ${env.PORT}) and metrics`);
        if (!env.METRICS_PORT || String(metrics?.containerPort) !== env.METRICS_PORT)
          problems.push(`${where}: metrics port is not METRICS_PORT (${env.METRICS_PORT})`);
        const annotations = dict(dict(dict(deployment.spec?.template).metadata).annotations);
        if (
          annotations['prometheus.io/scrape'] !== 'true' ||
          annotations['prometheus.io/port'] !== env.METRICS_PORT
        )
          problems.push(`${where}: no prometheus.io scrape annotations for METRICS_PORT`);

        const svc = find(objects, 'Service', service);
        if (!svc || !selects(svc.spec?.selector)) problems.push(`${where}: no Service selecting its pods`);
        else if (list(svc.spec?.ports).some((p) => portOf(dict(p).targetPort) === metrics))
          problems.push(`${where}: its Service exposes the metrics port`);
        else if (!list(svc.spec?.ports).every((p) => portOf(dict(p).targetPort)))
          problems.push(`${where}: Service targetPort is not a container port`);
        const pdb = objects.find(
          (o) => o.kind === 'PodDisruptionBudget' && selects(dict(o.spec?.selector).matchLabels),
        );
        if (!pdb) problems.push(`${where}: no PodDisruptionBudget selecting its pods`);

        for (const [probe, path] of [
          ['readinessProbe', '/readyz'],
          ['livenessProbe', '/healthz'],
        ] as const) {
          const httpGet = dict(dict(container[probe]).httpGet);
          if (httpGet.path !== path || !portOf(httpGet.port))
            problems.push(`${where}: ${probe} is not GET ${path}`);
        }
        for (const kind of ['requests', 'limits'] as const) {
          for (const resource of ['cpu', 'memory']) {
            if (!container.resources?.[kind]?.[resource]) problems.push(`${where}: no ${kind}.${resource}`);
          }
        }
        const pod = dict(podSpec(deployment).securityContext);
        const own = dict(container.securityContext);
        if (!(own.runAsNonRoot ?? pod.runAsNonRoot)) problems.push(`${where}: not runAsNonRoot`);
        if (own.readOnlyRootFilesystem !== true) problems.push(`${where}: root filesystem not read-only`);
        if (own.allowPrivilegeEscalation !== false) problems.push(`${where}: privilege escalation allowed`);
      }
      for (const hpa of objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')) {
        const target = dict(hpa.spec?.scaleTargetRef);
        const deployment = find(objects, str(target.kind), str(target.name));
        if (!deployment) problems.push(`k8s/${name}: HPA ${hpa.metadata.name} scales nothing`);
        else if (deployment.spec?.replicas !== undefined)
          problems.push(`k8s/${name}: ${deployment.metadata.name} sets replicas although its HPA owns them`);
      }
      const gatewayHpa = objects.find(
        (o) => o.kind === 'HorizontalPodAutoscaler' && dict(o.spec?.scaleTargetRef).name === 'gateway',
      );
      if (!gatewayHpa) problems.push(`k8s/${name}: the gateway has no HorizontalPodAutoscaler`);
    }
    expect(problems).toEqual([]);
  });

  it('routes the Ingress hosts to the gateway; the multi-campus example serves several campuses', () => {
    const problems: string[] = [];
    for (const { name, objects } of renderings()) {
      const ingresses = objects.filter((o) => o.kind === 'Ingress');
      if (ingresses.length === 0) problems.push(`k8s/${name}: no Ingress`);
      for (const ingress of ingresses) {
        const rules = list(ingress.spec?.rules).map(dict);
        const backends = rules.flatMap((rule) =>
          list(dict(rule.http).paths).map((p) => dict(dict(p).backend).service),
        );
        if (backends.length === 0 || backends.some((backend) => dict(backend).name !== 'gateway'))
          problems.push(`k8s/${name}: Ingress ${ingress.metadata.name} routes elsewhere than the gateway`);
        const hosts = rules.map((rule) => str(rule.host));
        for (const tls of list(ingress.spec?.tls)) {
          for (const host of list(dict(tls).hosts).map(str))
            if (!hosts.includes(host)) problems.push(`k8s/${name}: TLS host ${host} has no rule`);
        }
        if (name === 'overlays/multi-campus-example' && new Set(hosts).size < 2)
          problems.push(`k8s/${name}: fewer than two campus hosts`);
      }
      if (name.startsWith('overlays/')) {
        for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
          if (!object.metadata.namespace)
            problems.push(`k8s/${name}: ${object.kind} ${object.metadata.name} has no namespace`);
        }
        for (const service of SERVICES) {
          const image = str(containerOf(find(objects, 'Deployment', service)!, service)?.image);
          if (!/^[^/]+\.[^/]+\/.+:[\w.-]+$/.test(image))
            problems.push(`k8s/${name}: ${service} image ${image} has no registry or tag`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('monitors every service: PodMonitor, exam-day alerts and a dashboard on metrics the code exports', () => {
    expect([...METRIC_NAMES]).toEqual(
      expect.arrayContaining([
        'lms_http_request_duration_seconds',
        'lms_outbox_backlog',
        'lms_events_consumer_lag',
      ]),
    );
    const problems: string[] = [];
    for (const { name, objects } of renderings()) {
      const where = `k8s/${name}`;
      const monitor = objects.find((o) => o.kind === 'PodMonitor');
      const expressions = list(dict(dict(monitor?.spec).selector).matchExpressions).map(dict);
      const endpoints = list(monitor?.spec?.podMetricsEndpoints).map(dict);
      if (!monitor || monitor.apiVersion !== 'monitoring.coreos.com/v1')
        problems.push(`${where}: no PodMonitor v1`);
      if (!endpoints.some((e) => e.port === 'metrics' && e.path === '/metrics'))
        problems.push(`${where}: the PodMonitor does not scrape port metrics at /metrics`);
      for (const service of SERVICES) {
        const deployment = find(objects, 'Deployment', service);
        const labels = dict(dict(dict(deployment?.spec?.template).metadata).labels);
        const selected = expressions.every(
          (e) =>
            e.operator === 'In' &&
            list(e.values)
              .map(str)
              .includes(str(labels[str(e.key)])),
        );
        if (expressions.length === 0 || !selected)
          problems.push(`${where}: the PodMonitor does not select ${service}'s pods`);
      }

      const rules = objects
        .filter((o) => o.kind === 'PrometheusRule')
        .flatMap((o) => list(o.spec?.groups).flatMap((group) => list(dict(group).rules).map(dict)));
      const alerts = new Map(rules.map((rule) => [str(rule.alert), str(rule.expr)]));
      for (const rule of rules) {
        const alert = str(rule.alert);
        if (!/^[A-Z][A-Za-z]+$/.test(alert)) problems.push(`${where}: rule without a proper alert name`);
        if (!str(rule.expr).trim()) problems.push(`${where}: ${alert} has no expr`);
        if (!['critical', 'warning'].includes(str(dict(rule.labels).severity)))
          problems.push(`${where}: ${alert} has no severity critical/warning`);
        if (!str(dict(rule.annotations).summary)) problems.push(`${where}: ${alert} has no summary`);
        if (rule.for !== undefined && !/^\d+[smh]$/.test(str(rule.for)))
          problems.push(`${where}: ${alert} has a malformed for: ${str(rule.for)}`);
        for (const metric of metricsIn(str(rule.expr)))
          if (metric.startsWith('lms_') && !METRIC_NAMES.has(metric))
            problems.push(`${where}: ${alert} uses ${metric}, which no code exports`);
      }
      const covers = (pattern: RegExp) => [...alerts.values()].some((expr) => pattern.test(expr));
      for (const [what, pattern] of [
        ['5xx ratio', /status_code=~"5\.\."/],
        ['p95 latency', /histogram_quantile\(0\.95/],
        ['outbox backlog', /lms_outbox_/],
        ['consumer lag', /lms_events_consumer_lag/],
        ['dead letters', /lms_events_dead_lettered_total/],
        ['pod restarts', /kube_pod_container_status_restarts_total/],
      ] as const)
        if (!covers(pattern)) problems.push(`${where}: no alert on ${what}`);

      const dashboards = objects.filter(
        (o) => o.kind === 'ConfigMap' && o.metadata.labels?.grafana_dashboard === '1',
      );
      if (dashboards.length !== 1)
        problems.push(`${where}: expected one ConfigMap labelled grafana_dashboard`);
      for (const board of dashboards) {
        for (const [file, text] of Object.entries(decoded(board))) {
          let parsed: Dict;
          try {
            parsed = dict(JSON.parse(text));
          } catch {
            problems.push(`${where}: ${file} is not JSON`);
            continue;
          }
          const panels = list(parsed.panels).map(dict);
          if (!str(parsed.uid) || panels.length === 0)
            problems.push(`${where}: ${file} has no uid or panels`);
          for (const panel of panels) {
            const exprs = list(panel.targets).map((t) => str(dict(t).expr));
            if (exprs.length === 0) problems.push(`${where}: panel ${str(panel.title)} has no query`);
            for (const metric of exprs.flatMap(metricsIn))
              if (metric.startsWith('lms_') && !METRIC_NAMES.has(metric))
                problems.push(`${where}: panel ${str(panel.title)} uses ${metric}, which no code exports`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps only clearly marked placeholders in the committed Secrets', () => {
    const base = rendering('base');
    const values = base.objects.filter((o) => o.kind === 'Secret').flatMap((o) => Object.entries(decoded(o)));
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter(([, value]) => !value.includes('PLACEHOLDER')).map(([key]) => key)).toEqual([]);
  });

  it('gives every service every variable it reads, in docker-compose.yml and in every k8s rendering', () => {
    const problems: string[] = [];
    const services = composeServices();
    for (const service of SERVICES) {
      const needed = required(service);
      const composeEnv = composeEnvironment(dict(services[service]));
      for (const name of needed) {
        if (!composeEnv[name]) problems.push(`compose ${service}: ${name} is not set`);
      }
      for (const { name: where, objects } of renderings()) {
        const deployment = find(objects, 'Deployment', service);
        const container = deployment && containerOf(deployment, service);
        if (!container) continue; // reported by the Deployment test
        const env = environmentOf(container, objects, problems, `k8s/${where} ${service}`);
        for (const name of needed) {
          if (!env[name]) problems.push(`k8s/${where} ${service}: ${name} is not set`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("points the gateway's <NAME>_URL at each deployed service", () => {
    const problems: string[] = [];
    const services = composeServices();
    const gatewayCompose = composeEnvironment(dict(services.gateway));
    for (const service of SERVICES.filter((s) => s !== 'gateway')) {
      const key = urlVariable(service);
      const port = composeEnvironment(dict(services[service])).PORT;
      if (gatewayCompose[key] !== `http://${service}:${port}`)
        problems.push(`compose gateway: ${key}=${gatewayCompose[key]}, expected http://${service}:${port}`);
      for (const { name, objects } of renderings()) {
        const gateway = containerOf(find(objects, 'Deployment', 'gateway')!, 'gateway');
        const value = gateway ? environmentOf(gateway, objects, problems, name)[key] : undefined;
        const url = value ? new URL(value) : undefined;
        const svc = url && find(objects, 'Service', url.hostname);
        const servicePort = Number(url?.port || 80);
        if (
          !svc ||
          svc.metadata.name !== service ||
          !list(svc.spec?.ports).some((p) => dict(p).port === servicePort)
        )
          problems.push(`k8s/${name} gateway: ${key}=${value} is not the ${service} Service`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents every variable in .env.example and docs/operations.md', () => {
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
    const operations = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
    const documented = [...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    const read = new Set([
      ...LIB_VARIABLES.keys(),
      ...ALL_IN_ONE_VARIABLES.keys(),
      ...SERVICES.flatMap((s) => [...SERVICE_VARIABLES.get(s)!.keys()]),
      ...SERVICES.filter((s) => s !== 'gateway').map(urlVariable),
    ]);
    const problems = [
      ...[...read]
        .filter((name) => !(name in TEST_ONLY) && !documented.includes(name))
        .map((n) => `.env.example: ${n} missing`),
      ...documented
        .filter((name) => !operations.includes(`\`${name}\``))
        .map((n) => `docs/operations.md: ${n} missing`),
    ];
    expect(problems).toEqual([]);
  });
});
