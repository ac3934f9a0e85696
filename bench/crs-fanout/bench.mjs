#!/usr/bin/env node
// The live classroom's fan-out (issue 17: p95 < 250 ms): one room with --sockets student sockets
// (500) connected through the gateway at /socket/crs; the host sends chat messages (`msg`: checked,
// stored, then broadcast to the room) and every socket's receipt is timed from the host's emit.
// Against a baseline measured in the same run: a bare socket.io server broadcasting to as many
// sockets in one room (no gateway, no token, no database). The machines are shared and noisy: the
// ratio matters.
//   npm run build && npm run bench:crs-fanout [-- --sockets 500 --messages 40]
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Pool } from 'undici';
import { arg, bootServer, json, root, signIn } from '../harness.mjs';

const require = createRequire(import.meta.url);
const { io } = require('socket.io-client');

const SOCKETS = arg('sockets', 500);
const MESSAGES = arg('messages', 40);
const WARMUP = arg('warmup', 5);
const BUDGET_MS = 250;

const { server, info: boot } = await bootServer(new URL('./server.mjs', import.meta.url));
process.on('exit', () => server.kill('SIGTERM')); // also when a check below throws

const gatewayPool = new Pool(boot.gateway, { connections: 2 });
const lecturer = await signIn(gatewayPool, 'lecturer');
const student = await signIn(gatewayPool, 'student1');
const now = Date.now();
const wire = (ms) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '); // Asia/Jakarta
const created = await json(
  gatewayPool,
  'POST',
  '/api/crs/crs',
  {
    course_id: boot.course_id,
    title: 'Fan-out bench',
    start_at: wire(now - 60_000),
    end_at: wire(now + 3_600_000),
  },
  lecturer,
);
if (created.status !== 201) throw new Error(`room: ${created.status} ${JSON.stringify(created.body)}`);
const roomId = Number(created.body.data.id);
const tokenOf = (headers) => headers.authorization.replace(/^Bearer /, '');

/** A connected socket.io client (websocket only, as browsers settle on). */
function connect(url, path, token) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: token ? { token } : {},
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** `count` listeners in the room and one sender; `join(socket)` enters the room, `send(socket, text)` broadcasts. */
async function setUp({ url, path, senderToken, listenerToken, join }) {
  const listeners = [];
  for (let n = 0; n < SOCKETS; n += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, SOCKETS - n) }, () => connect(url, path, listenerToken)),
    );
    await Promise.all(batch.map(join));
    listeners.push(...batch);
  }
  const sender = await connect(url, path, senderToken);
  await join(sender);
  return { listeners, sender };
}

/**
 * `MESSAGES` broadcasts one after the other (after WARMUP unmeasured ones): each receipt's latency
 * from the emit, and each broadcast's completion (its last receipt).
 */
async function measure({ listeners, sender }, send) {
  const deliveries = [];
  const completions = [];
  for (let m = -WARMUP; m < MESSAGES; m++) {
    const text = `bench ${m}`;
    const started = performance.now();
    const received = listeners.map(
      (socket) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`a socket did not receive "${text}" in 10 s`)),
            10_000,
          );
          const onMessage = (event) => {
            if (event.message !== text) return;
            clearTimeout(timer);
            socket.off('msg', onMessage);
            resolve(performance.now() - started);
          };
          socket.on('msg', onMessage);
        }),
    );
    await send(sender, text);
    const times = await Promise.all(received);
    if (m >= 0) {
      deliveries.push(...times);
      completions.push(Math.max(...times));
    }
  }
  return { deliveries, completions };
}

const percentile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
};
const summary = ({ deliveries, completions }) => ({
  p50: percentile(deliveries, 0.5),
  p95: percentile(deliveries, 0.95),
  max: Math.max(...deliveries),
  completion_p95: percentile(completions, 0.95),
  deliveries: deliveries.length,
});
const close = ({ listeners, sender }) => [...listeners, sender].forEach((socket) => socket.disconnect());

// Ours: the handshake's token and campus check, `join`, and `msg` checked and stored, through the
// gateway (as browsers connect) and straight to the presence service (the gateway's hop apart).
const ackOrThrow = async (socket, event, message) => {
  const answer = await socket.emitWithAck(event, message);
  if (answer?.errors) throw new Error(`${event}: ${JSON.stringify(answer.errors)}`);
  return answer;
};
async function crsThrough(url) {
  const setupStarted = performance.now();
  const sockets = await setUp({
    url,
    path: '/socket/crs',
    senderToken: tokenOf(lecturer),
    listenerToken: tokenOf(student),
    join: (socket) => ackOrThrow(socket, 'join', { room_id: roomId }),
  });
  const seconds = (performance.now() - setupStarted) / 1000;
  console.log(`${SOCKETS} sockets joined room ${roomId} at ${url} in ${seconds.toFixed(1)} s`);
  const result = summary(
    await measure(sockets, (socket, text) => ackOrThrow(socket, 'msg', { message: text })),
  );
  close(sockets);
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the leaves announced
  return result;
}
const crs = await crsThrough(boot.gateway);
const direct = await crsThrough(boot.presence);

const bare = await setUp({ url: boot.baseline, path: '/raw', join: async () => undefined });
const baseline = summary(await measure(bare, (socket, text) => socket.emitWithAck('msg', text)));
close(bare);

const rows = [
  ['baseline (bare socket.io)', baseline],
  ['crs msg, straight to presence', direct],
  ['crs msg, through the gateway', crs],
];
console.log(`\n${SOCKETS} sockets, ${MESSAGES} broadcasts each (after ${WARMUP} warm-up ones):`);
console.log('target                           p50 ms   p95 ms   max ms   broadcast done p95 ms');
for (const [name, row] of rows)
  console.log(
    `${name.padEnd(32)} ${row.p50.toFixed(1).padStart(7)} ${row.p95.toFixed(1).padStart(8)} ${row.max.toFixed(1).padStart(8)} ${row.completion_p95.toFixed(1).padStart(12)}`,
  );
const ratio = crs.p95 / baseline.p95;
console.log(
  `\np95 ÷ baseline: through the gateway ${ratio.toFixed(2)}, straight to presence ${(direct.p95 / baseline.p95).toFixed(2)}; ` +
    `budget ${BUDGET_MS} ms through the gateway: ${crs.p95 < BUDGET_MS ? 'met' : 'MISSED'}`,
);

const out = `${root}artifacts/bench`;
mkdirSync(out, { recursive: true });
writeFileSync(
  `${out}/crs-fanout.json`,
  JSON.stringify(
    { at: new Date().toISOString(), sockets: SOCKETS, messages: MESSAGES, baseline, direct, crs, ratio },
    null,
    2,
  ),
);
process.exit(crs.p95 < BUDGET_MS ? 0 : 1);
