import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type StackPart = 'kafka' | 'minio' | 'redis' | 'postgres';

export interface StackInstance {
  /** Data, logs and pid files of this instance (a second Kafka for destructive tests, say). */
  stackDir?: string;
  /** Extra settings for deploy/local (`LMS_KAFKA_PORT`, ...). */
  env?: Record<string, string>;
}

const ROOT = resolve(__dirname, '../../..');
const GIVEN: Record<StackPart, string> = {
  kafka: 'KAFKA_BROKERS',
  minio: 'S3_ENDPOINT',
  redis: 'REDIS_URL',
  postgres: 'DATABASE_SERVER_URL',
};

const dirOf = (instance: StackInstance) => resolve(instance.stackDir ?? join(ROOT, '.data/stack'));
const pidFile = (part: StackPart, instance: StackInstance) => join(dirOf(instance), 'run', `${part}.pid`);

function alive(part: StackPart, instance: StackInstance): boolean {
  const file = pidFile(part, instance);
  if (!existsSync(file)) return false;
  try {
    // Field 3 of /proc/<pid>/stat is the state; a zombie (Z) or dying (X) process is gone.
    const state = readFileSync(`/proc/${readFileSync(file, 'utf8').trim()}/stat`, 'utf8').split(' ')[2];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

function runScript(script: 'up.sh' | 'down.sh', part: StackPart, instance: StackInstance) {
  execFileSync('bash', [join(ROOT, 'deploy/local', script), part], {
    // Tests only start servers: a missing tool fails at once, naming scripts/prepare.sh, instead
    // of building it inside a hook's time-out.
    env: { ...process.env, ...instance.env, STACK_DIR: dirOf(instance), LMS_NO_INSTALL: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 3 * 60_000,
  });
}

/**
 * The settings of a real server of stack mode for a test: taken from the environment when the
 * run was given one (`KAFKA_BROKERS`, `S3_ENDPOINT`, `REDIS_URL`), otherwise started through
 * deploy/local (the operator's scripts; installed beforehand by scripts/prepare.sh, never here)
 * and stopped by the global teardown.
 */
export function stackServer(part: StackPart, instance: StackInstance = {}): Record<string, string> {
  if (!instance.stackDir && process.env[GIVEN[part]]) return { ...process.env } as Record<string, string>;
  const startedHere = !alive(part, instance);
  runScript('up.sh', part, instance);
  if (startedHere && process.env.LMS_TEST_STARTED_FILE)
    appendFileSync(process.env.LMS_TEST_STARTED_FILE, `${part} ${dirOf(instance)}\n`);
  const settings: Record<string, string> = {};
  for (const line of readFileSync(join(dirOf(instance), 'stack.env'), 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) settings[line.slice(0, at)] = line.slice(at + 1);
  }
  return settings;
}

/** `kill -9` of a stack server (crash tests); `stackServer` starts it again. */
export async function crashStackServer(part: StackPart, instance: StackInstance = {}): Promise<void> {
  process.kill(Number(readFileSync(pidFile(part, instance), 'utf8')), 'SIGKILL');
  while (alive(part, instance)) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Stops the servers this test run started (global teardown). */
export function stopStackServersStartedBy(file: string): void {
  if (!existsSync(file)) return;
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  for (const line of [...new Set(lines)].reverse()) {
    const [part, stackDir] = line.split(' ') as [StackPart, string];
    runScript('down.sh', part, { stackDir });
  }
}
