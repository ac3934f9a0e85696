import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');

/** Every client source file (tests left out). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the endpoints injected into the one API slice', () => {
  it('each have a name of their own (a second `createActivity` silently replaced the course editor’s)', () => {
    const definedIn = new Map<string, string[]>();
    for (const file of sources(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/^\s+(\w+): build\.(?:mutation|query)\b/gm)) {
        definedIn.set(match[1], [...(definedIn.get(match[1]) ?? []), relative(SRC, file)]);
      }
    }
    expect(definedIn.size).toBeGreaterThan(50);
    expect([...definedIn].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
