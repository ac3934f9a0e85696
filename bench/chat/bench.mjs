#!/usr/bin/env node
// Chat delivery: BENCH_USERS (2,000) connected chat sockets in groups of BENCH_GROUP (5), RATE (200)
// messages a second across the rooms, each sent by a random member; the latency from the send to
// each other member's `messages update`, p50/p95/p99. The same load on a bare socket.io server in
// the same run is the baseline (the floor of this machine), reported as a ratio.
//   npm run build && npm run bench:chat [-- --seconds 20 --rate 200 --via gateway|direct]
import { createRequire } from 'node:module';
import { arg, bootServer, root } from '../harness.mjs';

const require = createRequire(import.meta.url);
const { io } = require('socket.io-client');
const { TokenIssuer } = require(`${root}libs/auth/dist/index.js`);

const SECONDS = arg('seconds', 20);
const WARMUP = arg('warmup', 5);
const RATE = arg('rate', 200);
const VIA = process.argv.includes('--via') ? process.argv[process.argv.indexOf('--via') + 1] : 'gateway';
const CONNECT_BATCH = 100;

const { server, info } = await bootServer(new URL('./server.mjs', import.meta.url));

/** Message numbers go on across runs, so a late delivery of one run never counts in the next. */
let nextSeq = 0;

/** A warm-up of WARMUP seconds (not counted; its backlog drains), then the measured run. */
async function measure(name, sockets, send, onDelivery) {
  if (WARMUP > 0) await run(`${name} warm-up`, sockets, send, onDelivery, WARMUP);
  return run(name, sockets, send, onDelivery);
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN;

/** Opens one socket per member, `CONNECT_BATCH` at a time; resolves with them by user id. */
async function connectAll(url, path, optionsOf, userIds) {
  const sockets = new Map();
  for (let i = 0; i < userIds.length; i += CONNECT_BATCH) {
    await Promise.all(
      userIds.slice(i, i + CONNECT_BATCH).map(
        (userId) =>
          new Promise((resolve, reject) => {
            const socket = io(url, {
              path,
              transports: ['websocket'],
              reconnection: false,
              forceNew: true,
              ...optionsOf(userId),
            });
            socket.once('connect', () => {
              sockets.set(userId, socket);
              resolve();
            });
            socket.once('connect_error', (error) => reject(new Error(`user ${userId}: ${error.message}`)));
          }),
      ),
    );
  }
  return sockets;
}

/**
 * Sends RATE messages a second for SECONDS (a random member of a random room each), measuring
 * each delivery to the room's other members; `send(socket, room, seq)` emits one, `onDelivery`
 * wires a socket's receipts to `delivered(seq, userId)`.
 */
async function run(name, sockets, send, onDelivery, seconds = SECONDS) {
  const rooms = info.rooms;
  const sentAt = new Map();
  const senderOf = new Map();
  const latencies = [];
  let expected = 0;
  let failures = 0;
  const handler = (userId) => (seq) => {
    const start = sentAt.get(seq);
    if (start !== undefined && senderOf.get(seq) !== userId) latencies.push(performance.now() - start);
  };
  const detach = [...sockets].map(([userId, socket]) => onDelivery(socket, handler(userId)));
  const first = nextSeq;
  let seq = first;
  const total = first + seconds * RATE;
  const began = performance.now();
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, first + Math.floor(((performance.now() - began) / 1000) * RATE));
      while (seq < due) {
        seq += 1;
        const room = rooms[Math.floor(Math.random() * rooms.length)];
        const sender = room.members[Math.floor(Math.random() * room.members.length)];
        sentAt.set(seq, performance.now());
        senderOf.set(seq, sender);
        expected += room.members.length - 1;
        send(sockets.get(sender), room, seq).catch(() => (failures += 1));
      }
      if (seq >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const sendSeconds = (performance.now() - began) / 1000;
  // let the last deliveries land
  const waitUntil = performance.now() + 30_000;
  while (latencies.length < expected && performance.now() < waitUntil)
    await new Promise((r) => setTimeout(r, 100));
  for (const off of detach) off();
  nextSeq = seq;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    name,
    sent: seq - first,
    rate: (seq - first) / sendSeconds,
    expected,
    delivered: sorted.length,
    failures,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1],
  };
}

const userIds = info.rooms.flatMap((room) => room.members);
const results = [];
try {
  // our stack: the messaging service (through the gateway by default), tokens as the gateway signs them
  const issuer = TokenIssuer.fromPem(info.privateKeyPem, 3600);
  const tokens = new Map();
  for (const userId of userIds)
    tokens.set(
      userId,
      await issuer.issue({
        userId,
        tenantId: info.tenantId,
        role: 'student',
        studentId: userId,
        lecturerId: null,
        sessionId: `bench-${userId}`,
        timeZone: 'Asia/Jakarta',
      }),
    );
  const target = VIA === 'direct' ? info.messaging : info.gateway;
  let connectStarted = performance.now();
  const chat = await connectAll(
    target,
    '/socket/messages',
    (userId) => ({
      auth: { token: tokens.get(userId) },
      extraHeaders: VIA === 'direct' ? { 'x-forwarded-host': 'localhost' } : { host: 'localhost' },
    }),
    userIds,
  );
  const chatConnectSeconds = (performance.now() - connectStarted) / 1000;
  results.push({
    ...(await measure(
      `lms chat (${VIA})`,
      chat,
      async (socket, room, seq) => {
        const ack = await socket
          .timeout(15_000)
          .emitWithAck('msg_msg', { chatId: room.id, message: String(seq) });
        if (ack?.errors) throw new Error(JSON.stringify(ack.errors));
      },
      (socket, delivered) => {
        const listener = (update) => {
          for (const message of update.messages) delivered(Number(message.message));
        };
        socket.on('messages update', listener);
        return () => socket.off('messages update', listener);
      },
    )),
    connectSeconds: chatConnectSeconds,
  });
  for (const socket of chat.values()) socket.disconnect();

  // the baseline: bare socket.io, the same clients, rooms and load
  const roomOf = new Map(info.rooms.flatMap((room) => room.members.map((member) => [member, room.id])));
  connectStarted = performance.now();
  const bare = await connectAll(
    info.baseline,
    '/socket/baseline',
    (userId) => ({ query: { rooms: String(roomOf.get(userId)) } }),
    userIds,
  );
  const bareConnectSeconds = (performance.now() - connectStarted) / 1000;
  results.push({
    ...(await measure(
      'bare socket.io',
      bare,
      (socket, room, seq) => socket.timeout(15_000).emitWithAck('msg', { room: room.id, seq }),
      (socket, delivered) => {
        const listener = (message) => delivered(message.seq);
        socket.on('msg', listener);
        return () => socket.off('msg', listener);
      },
    )),
    connectSeconds: bareConnectSeconds,
  });
  for (const socket of bare.values()) socket.disconnect();
} finally {
  server.kill('SIGTERM');
}

console.log(
  `\n${userIds.length} sockets in ${info.rooms.length} rooms, ${RATE} messages/s for ${SECONDS}s\n`,
);
console.log(
  'target                 sent   msg/s  delivered/expected  fail   p50 ms   p95 ms   p99 ms   max ms  connect s',
);
for (const r of results)
  console.log(
    `${r.name.padEnd(20)} ${String(r.sent).padStart(6)} ${r.rate.toFixed(0).padStart(7)} ${`${r.delivered}/${r.expected}`.padStart(19)} ${String(r.failures).padStart(5)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${r.connectSeconds.toFixed(1).padStart(10)}`,
  );
const [ours, bare] = results;
console.log(
  `\nlms p95 ÷ bare socket.io p95: ${(ours.p95 / bare.p95).toFixed(2)}   (target: lms p95 < 200 ms)`,
);
process.exit(ours.p95 < 200 && ours.delivered === ours.expected ? 0 : 1);
