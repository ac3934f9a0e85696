import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@lms/testing';

/**
 * What a child process (the package is an ES module Jest's sandbox cannot import) sees when it
 * starts an embedded PostgreSQL and reaches it through `localUrl` and `url` with a service's data
 * source: the server address of each connection (none over a Unix-domain socket).
 */
const CHILD = `
require('reflect-metadata');
const { startEmbeddedPostgres, ensureDatabase, createServiceDataSource } = require(${JSON.stringify(join(__dirname, '../dist/index.js'))});
const [dataDir, port] = process.argv.slice(1);
(async () => {
  const pg = await startEmbeddedPostgres({ dataDir, port: Number(port), password: 'se,cret', ephemeral: true });
  const seen = { localUrl: pg.localUrl };
  try {
    for (const [name, server] of [['socket', pg.localUrl], ['tcp', pg.url]]) {
      const url = await ensureDatabase(server, 'socket_check');
      const dataSource = createServiceDataSource({ url, service: name, entities: [], migrations: [] });
      await dataSource.initialize();
      [seen[name]] = await dataSource.query('SELECT host(inet_server_addr()) AS address, current_database() AS db');
      await dataSource.destroy();
    }
  } finally {
    await pg.stop();
  }
  console.log(JSON.stringify(seen));
})().catch((error) => { console.error(error); process.exit(1); });
`;

describe('embedded PostgreSQL through its Unix-domain socket', () => {
  it('serves a service data source over the socket in its data directory, and over TCP at url', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'lms-pg-socket-')), 'pg');
    const port = await freePort();
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', CHILD, dataDir, String(port)], {
      timeout: 120_000,
    });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1) as string);
    expect(seen).toEqual({
      localUrl: `postgres://postgres:se%2Ccret@${encodeURIComponent(dataDir)}:${port}`,
      socket: { address: null, db: 'socket_check' },
      tcp: { address: '127.0.0.1', db: 'socket_check' },
    });
  });
});
