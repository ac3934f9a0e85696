// Module hooks of the Node runner (registered by runner.mjs): `k6`, `k6/http`, `k6/metrics`,
// `k6/execution` resolve to this shim, and a k6 script (plain .js, ES module syntax) loads as an
// ES module whatever the nearest package.json says.
import { readFile } from 'node:fs/promises';

const MODULES = {
  k6: 'k6.mjs',
  'k6/http': 'http.mjs',
  'k6/metrics': 'metrics.mjs',
  'k6/execution': 'execution.mjs',
};

export async function resolve(specifier, context, nextResolve) {
  if (specifier in MODULES)
    return { url: new URL(MODULES[specifier], import.meta.url).href, shortCircuit: true };
  if (specifier.startsWith('k6/'))
    throw new Error(
      `the Node runner of k6 scripts has no module ${specifier} (it has ${Object.keys(MODULES).join(', ')})`,
    );
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && new URL(url).searchParams.has('k6run')) {
    return { format: 'module', source: await readFile(new URL(url), 'utf8'), shortCircuit: true };
  }
  return nextLoad(url, context);
}
