import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stackServer } from '@lms/testing';

/**
 * Tests only start servers; every tool is installed by `npm test`'s preparation step
 * (scripts/prepare.sh) before any test runs. An install inside a test hook blocks for minutes and
 * fails the hook's time-out on a fresh machine.
 */
const ROOT = join(__dirname, '../../..');

/** Commands that install something; none may appear in a test or in what tests run. */
const INSTALLERS: [string, RegExp][] = [
  ['go install/build', /\bgo\s+(install|build|get)\b/],
  ['apt-get', /\bapt(-get)?\s+install\b/],
  ['mvn', /\bmvn\b/],
  ['npm/npx install', /\bnpm\s+(install|ci|i)\b/],
  ['pip', /\bpip\d?\s+(install|download)\b/],
  [
    'an install script run from a test',
    /\b(exec|execFile|execSync|execFileSync|spawn|spawnSync)\(\s*['"](bash|sh)['"]\s*,\s*\[[^\]]*(ensure-[a-z]+\.sh|prepare\.sh|install\.sh|ENSURE)/,
  ],
];

function files(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return files(path, keep);
    return keep(name) ? [path] : [];
  });
}

const isTest = (name: string) => /\.(spec|int-spec|e2e-spec)\.ts$/.test(name);

describe('tests never install', () => {
  it('no test file, test helper or test setup runs an installer', () => {
    const candidates = [
      ...['libs', 'services', 'deploy', 'e2e'].flatMap((dir) => files(join(ROOT, dir), isTest)),
      ...files(join(ROOT, 'libs/testing/src'), (name) => name.endsWith('.ts')),
      ...files(join(ROOT, 'e2e/support'), (name) => name.endsWith('.ts')),
    ].filter((file) => file !== __filename);
    expect(candidates.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const file of candidates) {
      const text = readFileSync(file, 'utf8');
      for (const [what, pattern] of INSTALLERS)
        if (pattern.test(text)) found.push(`${relative(ROOT, file)}: ${what}`);
    }
    expect(found).toEqual([]);
  });

  describe('a stack server whose tool is missing', () => {
    let scratch: string;
    beforeEach(() => {
      scratch = mkdtempSync(join(tmpdir(), 'lms-no-install-'));
    });
    afterEach(() => rmSync(scratch, { recursive: true, force: true }));

    it.each(['minio', 'kafka'] as const)(
      '%s fails at once, naming the preparation step, and installs nothing',
      (part) => {
        const started = Date.now();
        const up = () =>
          execFileSync('bash', [join(ROOT, 'deploy/local/up.sh'), part], {
            env: {
              ...process.env,
              STACK_DIR: join(scratch, 'stack'),
              TOOLS_DIR: join(scratch, 'tools'),
              LMS_NO_INSTALL: '1',
            },
            stdio: 'pipe',
            encoding: 'utf8',
            timeout: 60_000,
          });
        let stderr = '';
        try {
          up();
        } catch (error) {
          stderr = String((error as { stderr?: string }).stderr);
        }
        expect(stderr).toContain(`${part} is not installed`);
        expect(stderr).toContain('scripts/prepare.sh');
        expect(Date.now() - started).toBeLessThan(30_000);
        expect(readdirSync(join(scratch, 'tools/bin'))).toEqual([]);
      },
    );

    it('is not installed by stackServer, which tests use', () => {
      const instance = { stackDir: join(scratch, 'stack'), env: { TOOLS_DIR: join(scratch, 'tools') } };
      expect(() => stackServer('minio', instance)).toThrow();
      expect(readdirSync(join(scratch, 'tools/bin'))).toEqual([]);
    });
  });
});
