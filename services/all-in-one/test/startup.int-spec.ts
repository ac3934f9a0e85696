import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectEventually, freePort } from '@lms/testing';

/**
 * `npm start` (the built services/all-in-one/dist/main.js) stopped by what an operator meets:
 * each failure names its cause and the fix, and the process exits with status 1.
 */
const MAIN = join(__dirname, '../dist/main.js');

function npmStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (node scripts/build.mjs --no-web)`);
  return new Promise((resolve) => {
    const child = spawn('node', [MAIN], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: 'pipe',
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 170_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function hold(port: number): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('npm start: start-up failures name their cause and fix', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lms-start-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('names PG_PORT when the database port is taken', async () => {
    const pgPort = await freePort();
    const holder = await hold(pgPort);
    try {
      const { code, output } = await npmStart({
        DATA_DIR: dataDir,
        PG_PORT: String(pgPort),
        PORT: String(await freePort()),
      });
      expect(code).toBe(1);
      expect(output).toContain(
        `npm start failed to start: port ${pgPort} for PostgreSQL is taken by another process`,
      );
      expect(output).toContain('set PG_PORT to another port');
      expect(output).not.toContain('undefined');
    } finally {
      holder.close();
    }
  }, 120_000);

  it('names the locked data directory and DATA_DIR when another PostgreSQL runs on it', async () => {
    // Another PostgreSQL on the same data directory (deploy/local's runner of the same server).
    const running = spawn(
      'node',
      [
        join(__dirname, '../../../deploy/local/postgres.mjs'),
        join(dataDir, 'postgres'),
        String(await freePort()),
        'x',
      ],
      { stdio: 'pipe' },
    );
    let said = '';
    running.stdout.on('data', (chunk) => (said += chunk));
    await expectEventually(() => expect(said).toContain('postgres listening'), 60_000);
    try {
      const { code, output } = await npmStart({
        DATA_DIR: dataDir,
        PG_PORT: String(await freePort()),
        PORT: String(await freePort()),
      });
      expect(code).toBe(1);
      expect(output).toMatch(
        /the data directory \S+postgres is in use by another PostgreSQL server \(pid \d+\)/,
      );
      expect(output).toContain('set DATA_DIR to another directory');
    } finally {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
  }, 180_000);

  it("names PORT when the gateway's port is taken, and stops the database it started", async () => {
    const port = await freePort();
    const pgPort = await freePort();
    const holder = await hold(port);
    try {
      const { code, output } = await npmStart({
        DATA_DIR: dataDir,
        PG_PORT: String(pgPort),
        PORT: String(port),
      });
      expect(code).toBe(1);
      expect(output).toContain(`npm start failed to start: port ${port} is taken by another process`);
      expect(output).toContain('set PORT to a free port');
      // The database it started is stopped again: its port is free.
      const again = await hold(pgPort);
      again.close();
    } finally {
      holder.close();
    }
  }, 180_000);

  it('names a malformed variable', async () => {
    const { code, output } = await npmStart({ DATA_DIR: dataDir, PG_PORT: 'fivefour', LOG_LEVEL: 'loud' });
    expect(code).toBe(1);
    expect(output).toContain('npm start failed to start: npm start: invalid configuration');
    expect(output).toContain('PG_PORT must be an integer, got "fivefour"');
    expect(output).toContain('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, got "loud"');
  }, 120_000);
});
