// Child process of the chat benchmark: the platform (built dist) with its demo data on an ephemeral
// embedded PostgreSQL, grown by BENCH_USERS students of the demo campus in chat groups of
// BENCH_GROUP — bulk-inserted with SQL into the messaging service's tables (its users projection
// and its rooms, as identity's events and POST /message would have written them). Also serves
// the baseline: a bare socket.io server (no auth, no database, no gateway) that relays a message
// to the room it names. Prints the addresses, the rooms and the platform's signing key as one
// JSON line, then waits.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { benchDatabase, startBenchPlatform, stopOnSignal } from '../platform.mjs';

const require = createRequire(import.meta.url);
const { Server } = require('socket.io');
const { loadOrCreatePrivateKeyPem } = require('../../libs/auth/dist/index.js');

const USERS = Number(process.env.BENCH_USERS ?? 2000);
const GROUP = Number(process.env.BENCH_GROUP ?? 5);
const FIRST_ID = 9_000_000;

const { dir, pg, platform } = await startBenchPlatform({
  pgPort: process.env.PG_PORT ? Number(process.env.PG_PORT) : undefined,
});

const { db } = await benchDatabase(pg, 'lms_messaging');
const { rows: campus } = await db.query(`SELECT id FROM tenants WHERE domain = 'localhost'`);
const tenantId = Number(campus[0].id);
await db.query('BEGIN');
await db.query(
  `INSERT INTO users (id, tenant_id, username, name, role, active, source_updated_at)
   SELECT $1::bigint + i, $2, 'chat' || i, 'Chat Student ' || i, 'student', true, now()
     FROM generate_series(1, $3::int) AS i`,
  [FIRST_ID, tenantId, USERS],
);
const { rows: roomRows } = await db.query(
  `INSERT INTO chat_rooms (tenant_id, type, name, created_by)
   SELECT $1, 'group', 'Bench group ' || g, $2::bigint + g * $4 + 1 FROM generate_series(0, $3::int - 1) AS g
   RETURNING id`,
  [tenantId, FIRST_ID, Math.ceil(USERS / GROUP), GROUP],
);
const rooms = roomRows.map((row, g) => ({
  id: Number(row.id),
  members: Array.from({ length: GROUP }, (_, k) => FIRST_ID + g * GROUP + k + 1).filter(
    (id) => id <= FIRST_ID + USERS,
  ),
}));
await db.query(
  `INSERT INTO chat_members (room_id, user_id, tenant_id)
   SELECT r.id, m, $1 FROM jsonb_to_recordset($2::jsonb) AS r(id bigint, members bigint[]), unnest(r.members) AS m`,
  [tenantId, JSON.stringify(rooms)],
);
await db.query('COMMIT');

// The baseline: socket.io alone, each client in the rooms it names, a message relayed to its room.
const baselineHttp = createServer();
const baseline = new Server(baselineHttp, { path: '/socket/baseline', transports: ['websocket'] });
baseline.on('connection', (socket) => {
  for (const room of String(socket.handshake.query.rooms ?? '').split(',')) if (room) socket.join(room);
  socket.on('msg', (message, ack) => {
    baseline.to(String(message.room)).emit('msg', message);
    if (typeof ack === 'function') ack({ ok: true });
  });
});
await new Promise((resolve) => baselineHttp.listen(0, '127.0.0.1', resolve));

const messaging = platform.services.messaging.getHttpServer().address();
console.log(
  JSON.stringify({
    gateway: platform.url,
    messaging: `http://127.0.0.1:${messaging.port}`,
    baseline: `http://127.0.0.1:${baselineHttp.address().port}`,
    tenantId,
    privateKeyPem: loadOrCreatePrivateKeyPem(dir),
    rooms,
  }),
);

stopOnSignal(
  { pg, platform },
  () => baseline.close(),
  () => db.end(),
);
