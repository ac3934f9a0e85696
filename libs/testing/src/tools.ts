import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where `npm test`'s preparation step (scripts/prepare.sh) installs the tools the suite needs:
 * TOOLS_DIR, by default ~/.cache/lms/tools (outside the clone, shared by every clone of the user).
 */
export function toolsDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.TOOLS_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'lms/tools');
}

/**
 * A tool the preparation step installed, by its path under the tools directory. Tests never
 * install: a missing tool fails with the command that installs it.
 */
export function installedTool(path: string): string {
  const full = join(toolsDir(), path);
  if (!existsSync(full))
    throw new Error(`${full} is missing: run 'bash scripts/prepare.sh' (npm test does it before any test)`);
  return full;
}
