#!/usr/bin/env node
// Builds every library and service with swc (src -> dist) and the web client with Vite.
// `node scripts/build.mjs --no-web` skips the client.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const swc = join(root, 'node_modules/.bin/swc');
const packages = ['libs', 'services'].flatMap((dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, dir, entry.name, 'src')))
    .map((entry) => join(dir, entry.name)),
);

for (const pkg of packages) {
  rmSync(join(root, pkg, 'dist'), { recursive: true, force: true });
  execFileSync(
    swc,
    ['src', '-d', 'dist', '--strip-leading-paths', '--quiet', '--config-file', join(root, '.swcrc')],
    { cwd: join(root, pkg), stdio: 'inherit' },
  );
}
console.log(`built ${packages.length} packages`);

if (!process.argv.includes('--no-web') && existsSync(join(root, 'web/index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root, stdio: 'inherit' });
}
