// Child process of the live-classroom fan-out benchmark: the platform (built dist) with its demo
// data on an ephemeral embedded PostgreSQL, waiting until presence has learnt the demo course IF101
// and its students by event (its URL and the gateway's are printed: sockets through either); and the baseline, a bare socket.io server (no gateway, no token, no
// database) that broadcasts what a client sends to everyone in its one room. Prints the URLs and the
// demo course's id as one JSON line, then waits.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { startBenchPlatform } from '../platform.mjs';

const require = createRequire(import.meta.url);
const { DataSource } = require('typeorm');
const { Server } = require('socket.io');

const { pg, platform } = await startBenchPlatform({
  pgPort: process.env.PG_PORT ? Number(process.env.PG_PORT) : undefined,
});
const presence = platform.services.presence.get(DataSource);
let course;
for (let tries = 0; !course; tries++) {
  [course] = await presence.query(
    `SELECT c.id FROM courses c WHERE c.code = 'IF101'
        AND EXISTS (SELECT 1 FROM course_students s WHERE s.course_id = c.id AND s.enrolled)`,
  );
  if (!course) {
    if (tries > 600) throw new Error('presence never learnt the demo course IF101');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The baseline: socket.io as it comes, one room, a broadcast per message.
const raw = createServer();
const io = new Server(raw, { path: '/raw', serveClient: false });
io.on('connection', (socket) => {
  socket.join('room');
  socket.on('msg', (message, ack) => {
    io.to('room').emit('msg', { message, at: new Date() });
    ack?.({ message });
  });
});
await new Promise((resolve) => raw.listen(0, '127.0.0.1', resolve));

console.log(
  JSON.stringify({
    gateway: `http://localhost:${platform.gateway.getHttpServer().address().port}`,
    presence: `http://localhost:${platform.services.presence.getHttpServer().address().port}`,
    baseline: `http://127.0.0.1:${raw.address().port}`,
    course_id: Number(course.id),
  }),
);
const stop = async () => {
  io.close();
  await platform.stop();
  await pg.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
