// The child processes of `npm run stack` (scripts/stack.mjs): each started with its output
// prefixed here and copied to its log file; all of them stopped (SIGTERM, SIGKILL after a grace
// period) when one exits, when the script gets SIGINT/SIGTERM, and when the script itself fails.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

export function createSupervisor({ graceMs = 15_000 } = {}) {
  const children = new Map();
  let stopping = false;

  function exitWhenAllGone() {
    if (children.size === 0) process.exit(process.exitCode ?? 0);
  }

  /** Stops every child, then exits with `code` (the first code given wins). */
  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    for (const child of children.values()) child.kill('SIGTERM');
    exitWhenAllGone();
    // Past the grace period SIGKILL, which no child can ignore; the exit comes with the last one
    // reaped, so none is left running (or a zombie) when this script is gone.
    setTimeout(() => {
      for (const child of children.values()) child.kill('SIGKILL');
    }, graceMs).unref();
  }

  /** Starts `command args` as `name`; its exit while the others run stops them all. */
  function run(name, command, args, { env, logFile } = {}) {
    if (stopping) throw new Error(`not starting ${name}: the stack is stopping`);
    const log = logFile ? createWriteStream(logFile, { flags: 'a' }) : null;
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        log?.write(chunk);
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) console.log(`${name.padEnd(9)}| ${line}`);
      });
    }
    child.on('error', (error) => console.error(`${name} could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (!stopping) {
        console.error(`${name} exited (${signal ?? code}); stopping the stack`);
        stop(1);
      } else exitWhenAllGone();
    });
    children.set(name, child);
    console.log(`${name.padEnd(9)}| started (pid ${child.pid})`);
    return child;
  }

  /**
   * Runs the script's `main` with the children in its care: a signal stops them and exits 0, a
   * failure of `main` (or an error nothing caught) prints it, stops them and exits 1.
   */
  function supervise(main) {
    const fail = (error) => {
      console.error(`stack failed: ${error instanceof Error ? error.message : String(error)}`);
      stop(1);
    };
    process.on('SIGINT', () => stop(0));
    process.on('SIGTERM', () => stop(0));
    process.on('uncaughtException', fail);
    process.on('unhandledRejection', fail);
    main().catch(fail);
  }

  return {
    run,
    stop,
    supervise,
    get stopping() {
      return stopping;
    },
    has: (name) => children.has(name),
  };
}
