// What every benchmark under bench/ shares: its options, booting its server.mjs as a child process
// (which prints one JSON line of addresses when ready), JSON calls, and the closed-loop load
// generator that measures req/s and latency percentiles.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export const root = new URL('..', import.meta.url).pathname;

/** `--name <number>` from the command line, else `fallback`. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Starts `serverUrl` (a server.mjs): the child process and the JSON line it prints once ready. */
export async function bootServer(serverUrl) {
  const server = spawn('node', [new URL(serverUrl).pathname], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const info = await new Promise((resolve, reject) => {
    server.on('exit', (code) => reject(new Error(`server exited with ${code} (run npm run build first)`)));
    createInterface({ input: server.stdout }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line));
    });
  });
  return { server, info };
}

/** A JSON request on an undici pool, for the campus `localhost`. */
export async function json(pool, method, path, body, headers = {}) {
  const res = await pool.request({
    method,
    path,
    headers: { 'content-type': 'application/json', host: 'localhost', ...headers },
    body: body && JSON.stringify(body),
  });
  return { status: res.statusCode, body: await res.body.json() };
}

/** The `Authorization` headers of a demo account signed in through the gateway. */
export async function signIn(gatewayPool, username) {
  const login = await json(gatewayPool, 'POST', '/api/user/auth/login', { username, password: 'lms-demo' });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { authorization: `Bearer ${login.body.data.attributes.access_token}`, host: 'localhost' };
}

/** `connections` clients sending GET `path` back to back for `seconds`: req/s, p50, p95, errors. */
export async function load({ pool, path, headers }, seconds, connections) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const res = await pool.request({ method: 'GET', path, headers });
        await res.body.dump();
        if (res.statusCode !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
  return { rps: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), errors, n: latencies.length };
}
