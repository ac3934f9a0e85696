import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expectEventually } from '@lms/testing';

/**
 * scripts/supervisor.mjs, which keeps the service processes of `npm run stack`: whatever ends the
 * script — its own failure, a service exiting, a signal — it leaves no child behind.
 */
describe('stack supervisor', () => {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  function start(mode: 'fail' | 'exit' | 'wait') {
    const script = spawn(process.execPath, [join(__dirname, 'fixtures/supervised.mjs'), mode], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    script.stdout.on('data', (chunk) => (output += chunk));
    script.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => script.on('exit', (code) => resolve(code)));
    const pids = () => [...output.matchAll(/started \(pid (\d+)\)/g)].map((match) => Number(match[1]));
    return { script, exited, output: () => output, pids };
  }

  it('stops every child it started when the script itself fails, and exits 1', async () => {
    const run = start('fail');
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('stack failed: database went away');
    expect(run.pids()).toHaveLength(2);
    expect(run.pids().filter(alive)).toEqual([]);
  });

  it('stops the others when one child exits, and exits 1', async () => {
    const run = start('exit');
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('short exited (3); stopping the stack');
    expect(run.pids()).toHaveLength(3);
    expect(run.pids().filter(alive)).toEqual([]);
  });

  it('stops every child on SIGINT or SIGTERM, and exits 0', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const run = start('wait');
      await expectEventually(() => expect(run.output()).toContain('all started'));
      run.script.kill(signal);
      expect(await run.exited).toBe(0);
      expect(run.pids()).toHaveLength(2);
      expect(run.pids().filter(alive)).toEqual([]);
    }
  });
});
