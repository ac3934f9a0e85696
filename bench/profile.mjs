// CPU profiles of a benchmark's server: started and stopped over the inspector protocol around one
// load phase (the server side lives in the server.mjs, see `profiler()`), and summarised by self
// time — the frames where the CPU was, and the same grouped by where the code comes from (a
// package of node_modules, the project's own libs/services, Node's internals, GC, idle).
import { Session } from 'node:inspector/promises';

/** Server side: `start()` and `stop()` (→ the profile as a JS object) of this process. */
export function profiler() {
  const session = new Session();
  session.connect();
  return {
    async start() {
      await session.post('Profiler.enable');
      // 1 ms sampling keeps the profiler's own cost small next to the request work.
      await session.post('Profiler.setSamplingInterval', { interval: 1000 });
      await session.post('Profiler.start');
    },
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      await session.post('Profiler.disable');
      return profile;
    },
  };
}

/** Where a frame's code comes from: a package name, `libs/x`, `services/x`, `node:` or `(vm)`. */
export function origin(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:internals';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const own = /\/(libs|services|bench)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  return url;
}

/**
 * Self time per frame and per origin of a `.cpuprofile`, as shares of the samples that were not
 * idle (the event loop waiting), plus the idle share itself.
 */
export function summarise(profile, top = 20) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const frames = new Map();
  const origins = new Map();
  let idle = 0;
  let busy = 0;
  for (const [id, count] of hits) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === '(idle)') {
      idle += count;
      continue;
    }
    busy += count;
    const file = url
      ? url.replace(/^file:\/\//, '').replace(/^.*\/(node_modules|libs|services)\//, '$1/')
      : '';
    const key = `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
    frames.set(key, (frames.get(key) ?? 0) + count);
    const where = origin(url, functionName);
    origins.set(where, (origins.get(where) ?? 0) + count);
  }
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => ({ name, share: count / Math.max(1, busy) }));
  return {
    samples: idle + busy,
    idleShare: idle / Math.max(1, idle + busy),
    frames: rank(frames),
    origins: rank(origins),
  };
}

/** The summary as text: top frames and top origins by self time. */
export function formatSummary(title, summary) {
  const pct = (x) => `${(x * 100).toFixed(1).padStart(5)}%`;
  const lines = [
    `${title}: ${summary.samples} samples, ${pct(summary.idleShare)} idle; self time of the busy samples:`,
    '  by origin:',
    ...summary.origins.map((o) => `    ${pct(o.share)}  ${o.name}`),
    '  top frames:',
    ...summary.frames.map((f) => `    ${pct(f.share)}  ${f.name}`),
  ];
  return lines.join('\n');
}
