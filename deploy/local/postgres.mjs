// Runs the embedded PostgreSQL server in the foreground until SIGTERM/SIGINT (deploy/local).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startEmbeddedPostgres } = require('../../libs/database/dist/index.js');
const [dataDir, port, password] = process.argv.slice(2);

const pg = await startEmbeddedPostgres({
  dataDir,
  port: Number(port),
  password,
  log: (line) => console.log(line),
});
console.log(`postgres listening on 127.0.0.1:${port}`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await pg.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
