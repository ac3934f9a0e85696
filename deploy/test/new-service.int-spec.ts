import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase } from '@lms/database';
import { installedTool, testServerUrl } from '@lms/testing';

/**
 * `npm run new:service -- demo-probe` on a clone of this repository: the generated service
 * typechecks, builds, passes its generated tests, boots in the all-in-one platform from the registry (answering its health
 * routes and the gateway's /api/demo-probe), and is rendered in the Kubernetes manifests.
 */
const ROOT = join(__dirname, '../..');

/** Boots the clone's built platform, asks demo-probe directly and through the gateway, stops. */
const BOOT = `
require('reflect-metadata');
const { startPlatform } = require('./services/all-in-one/dist/platform.js');
const { SERVICES } = require('./services/all-in-one/dist/registry.js');
(async () => {
  const platform = await startPlatform({
    postgresUrl: process.env.POSTGRES_URL,
    dataDir: process.env.DATA_DIR,
    port: 0,
    host: '127.0.0.1',
    seedDemo: false,
    demoPassword: 'unused',
    databasePrefix: process.env.DATABASE_PREFIX,
  });
  try {
    const app = platform.services['demo-probe'];
    const seen = [];
    app.getHttpServer().on('request', (request) => seen.push(request.url));
    const { port } = app.getHttpServer().address();
    const healthz = (await fetch('http://127.0.0.1:' + port + '/healthz')).status;
    const readyz = (await fetch('http://127.0.0.1:' + port + '/readyz')).status;
    const viaGateway = (await fetch(platform.url + '/api/demo-probe/probe')).status;
    console.log(JSON.stringify({ registry: SERVICES.map((s) => s.name), services: Object.keys(platform.services), healthz, readyz, viaGateway, seen }));
  } finally {
    await platform.stop();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

describe('npm run new:service', () => {
  let dir: string;
  let repo: string;
  const prefix = `t_scaffold_${randomBytes(4).toString('hex')}`;
  const run = (command: string, args: string[], env: Record<string, string> = {}) =>
    execFileSync(command, args, {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lms-new-service-'));
    repo = join(dir, 'repo');
    execFileSync('git', ['clone', '--quiet', ROOT, repo]);
    // Hard links: the installed packages at no cost; the workspace links are relative, so they
    // resolve inside the clone. Nothing here writes into an existing file of node_modules.
    for (const modules of ['node_modules', 'services/gateway/node_modules']) {
      if (existsSync(join(ROOT, modules)))
        execFileSync('cp', ['-al', join(ROOT, modules), join(repo, modules)]);
    }
  });

  // Removing the clone's hard-linked node_modules (a few hundred thousand entries) takes minutes
  // on a loaded machine.
  afterAll(async () => {
    const services = readdirSync(join(repo, 'services')).filter((service) =>
      existsSync(join(repo, 'services', service, 'src/service.ts')),
    );
    rmSync(dir, { recursive: true, force: true });
    for (const service of services)
      await dropDatabase(testServerUrl(), `${prefix}_${service.replace(/-/g, '_')}`).catch(() => undefined);
  }, 600_000);

  it('generates a service that typechecks, builds, boots from the registry and deploys', () => {
    const said = run('npm', ['run', '--silent', 'new:service', '--', 'demo-probe']);
    // The next port after the highest of the services there are.
    const port =
      Math.max(
        ...readdirSync(join(repo, 'services'))
          .map((service) => join(repo, 'services', service, 'src/service.ts'))
          .filter((file) => existsSync(file) && !file.includes('demo-probe'))
          .map((file) => Number(/defaultPort:\s*(\d+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? 0)),
      ) + 1;
    expect(said).toContain(
      `created services/demo-probe (@lms/demo-probe, port ${port}, database lms_demo_probe)`,
    );
    expect(readFileSync(join(repo, 'services/all-in-one/src/registry.ts'), 'utf8')).toContain(
      'demoProbeService',
    );
    // its compose block is its own: none of identity's mail, sealing key or demo accounts
    const compose = readFileSync(join(repo, 'docker-compose.yml'), 'utf8');
    const block = /\n {2}demo-probe:\n[\s\S]*?\n(?=\n {2}\S)/.exec(compose)![0];
    expect(block).toContain('SERVICE: demo-probe');
    expect(block).not.toMatch(/SMTP_URL|SECRETS_KEY|DEMO_PASSWORD|REFRESH_TTL/);

    // Run again, or with a bad name: refused, nothing changed.
    const status = run('git', ['status', '--porcelain']);
    for (const name of ['demo-probe', 'Demo_Probe', 'gateway', 'identity']) {
      expect(() => run('node', ['scripts/new-service.mjs', name])).toThrow(/new:service: /);
    }
    expect(run('git', ['status', '--porcelain'])).toBe(status);

    // What it generated and edited typechecks (the generated service, the registry, the gateway).
    writeFileSync(
      join(repo, 'tsconfig.probe.json'),
      JSON.stringify({
        extends: './tsconfig.base.json',
        include: [
          'services/demo-probe/src',
          'services/demo-probe/test',
          'services/all-in-one/src',
          'services/gateway/src',
        ],
        exclude: ['**/dist', 'node_modules'],
      }),
    );
    run('node_modules/.bin/tsc', ['-p', 'tsconfig.probe.json', '--noEmit']);
    run('node', ['scripts/build.mjs', '--no-web']);
    expect(existsSync(join(repo, 'services/demo-probe/dist/main.js'))).toBe(true);
    // Its generated tests pass (on this run's PostgreSQL: TEST_DATABASE_URL is set).
    run('node_modules/.bin/jest', ['services/demo-probe']);

    writeFileSync(join(repo, 'boot.js'), BOOT);
    const booted = JSON.parse(
      run('node', ['boot.js'], {
        POSTGRES_URL: testServerUrl(),
        DATA_DIR: join(dir, 'data'),
        DATABASE_PREFIX: prefix,
        LOG_LEVEL: 'warn',
      })
        .split('\n')
        // The boot script's one line (a log line of the platform stopping may follow it).
        .find((line) => line.startsWith('{"registry"'))!,
    );
    // Appended to the registry: it starts after the services there were, all of them booted.
    expect(booted.registry.slice(-1)).toEqual(['demo-probe']);
    expect(booted).toEqual({
      registry: expect.arrayContaining(['identity', 'course']),
      services: booted.registry,
      healthz: 200,
      readyz: 200,
      // Routed to demo-probe (which has no such route yet), not 503 for a service without a URL.
      viaGateway: 404,
      seen: expect.arrayContaining(['/healthz', '/readyz', '/api/demo-probe/probe']),
    });

    const manifests = run(installedTool('bin/kustomize'), ['build', join(repo, 'k8s/base')]);
    expect(manifests).toMatch(/kind: Deployment\nmetadata:\n(\s+.*\n)*?\s+name: demo-probe\n/);
    expect(manifests).toContain('image: lms-demo-probe');
    expect(manifests).toContain('DEMO_PROBE_URL: http://demo-probe');
    expect(manifests).toMatch(/values:\n(\s+- .*\n)*\s+- demo-probe\n/); // the PodMonitor scrapes it
  }, 240_000);
});
