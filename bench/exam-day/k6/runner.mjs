// Runs a k6 script in this Node process: its init code, setup(), the scenarios of its `options`
// (executors ramping-vus with stages, constant-vus, per-vu-iterations, shared-iterations; start
// times, exec functions, per-scenario env), teardown() and the thresholds. Virtual users are
// async loops on one event loop; each VU's code sees its own __VU/__ITER and k6/execution through
// AsyncLocalStorage. Scripts use k6's asynchronous API (await http.asyncRequest, await sleep).
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { closeHttp } from './http.mjs';
import { httpSettings, observers, registry, vuContext } from './runtime.mjs';

register('./hooks.mjs', import.meta.url);

/** '1m30s', '500ms', '2h', 45 (seconds) → milliseconds. */
export function parseDuration(value) {
  if (typeof value === 'number') return value * 1000;
  const text = String(value).trim();
  let total = 0;
  let rest = text;
  const part = /^(\d+(?:\.\d+)?)(ms|h|m|s)/;
  while (rest) {
    const m = part.exec(rest);
    if (!m) throw new Error(`unreadable duration '${text}'`);
    total += Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2]];
    rest = rest.slice(m[0].length);
  }
  return total;
}

const THRESHOLD =
  /^\s*(avg|min|max|med|count|rate|value|p\((\d+(?:\.\d+)?)\))\s*(<=|>=|<|>|===|==|!=)\s*(-?[\d.]+(?:e[+-]?\d+)?)\s*$/i;

/** Evaluates `p(95)<200`-style expressions on a metric's series. */
export function evaluateThreshold(series, expression, seconds) {
  const m = THRESHOLD.exec(expression);
  if (!m) throw new Error(`unreadable threshold '${expression}'`);
  const [, aggregate, percentile, operator, limitText] = m;
  const limit = Number(limitText);
  let actual;
  if (!series) actual = undefined;
  else if (percentile !== undefined) actual = series.histogram.quantile(Number(percentile) / 100);
  else actual = series.values(seconds)[aggregate];
  if (actual === undefined) return { ok: false, actual: null };
  const ok = {
    '<': actual < limit,
    '<=': actual <= limit,
    '>': actual > limit,
    '>=': actual >= limit,
    '==': actual === limit,
    '===': actual === limit,
    '!=': actual !== limit,
  }[operator];
  return { ok, actual };
}

/** The scenarios of k6 `options` (the `stages`, `vus`/`duration` and `iterations` shortcuts too). */
export function scenariosOf(options) {
  if (options.scenarios) return options.scenarios;
  if (options.stages)
    return { default: { executor: 'ramping-vus', startVUs: options.vus ?? 1, stages: options.stages } };
  if (options.duration)
    return { default: { executor: 'constant-vus', vus: options.vus ?? 1, duration: options.duration } };
  return {
    default: { executor: 'per-vu-iterations', vus: options.vus ?? 1, iterations: options.iterations ?? 1 },
  };
}

let runs = 0;

/**
 * Runs `script` (a path) with `env` as __ENV: `connections` keep-alive connections per origin,
 * `onResponse(response, vu)` told of every HTTP exchange. Resolves to the run's summary.
 */
export async function runScript(script, { env = {}, connections = 256, onResponse, log = console.log } = {}) {
  const path = resolvePath(script);
  registry.reset();
  await closeHttp();
  httpSettings.connections = connections;
  const observer = onResponse && ((response, vu) => onResponse(response, vu));
  if (observer) observers.add(observer);

  const baseEnv = { ...env };
  Object.defineProperty(globalThis, '__ENV', {
    configurable: true,
    get: () => vuContext.getStore()?.env ?? baseEnv,
  });
  Object.defineProperty(globalThis, '__VU', { configurable: true, get: () => vuContext.getStore()?.vu ?? 0 });
  Object.defineProperty(globalThis, '__ITER', {
    configurable: true,
    get: () => vuContext.getStore()?.iterationInScenario ?? 0,
  });
  globalThis.open = (file, mode) => {
    const buffer = readFileSync(resolvePath(dirname(path), file));
    return mode === 'b' ? buffer : buffer.toString('utf8');
  };

  runs += 1;
  const url = `${pathToFileURL(path).href}?k6run=${runs}`;
  const module = await import(url);
  const options = module.options ?? {};
  const scenarios = scenariosOf(options);

  const started = performance.now();
  let aborted = null;
  let nextVu = 1;
  const setupContext = {
    vu: 0,
    iterationInScenario: 0,
    iterationInTest: 0,
    env: baseEnv,
    scenario: { name: 'setup' },
  };
  const data = module.setup ? await vuContext.run(setupContext, () => module.setup()) : undefined;

  const runner = {
    abort(reason) {
      aborted = reason;
    },
    activeVus: () => active,
  };
  let active = 0;
  let interrupted = 0;

  const runScenario = async (name, config) => {
    const fn = config.exec ? module[config.exec] : module.default;
    if (typeof fn !== 'function')
      throw new Error(`scenario ${name}: no exported function ${config.exec ?? 'default'}`);
    const startDelay = config.startTime ? parseDuration(config.startTime) : 0;
    if (startDelay) await new Promise((r) => setTimeout(r, startDelay));
    const scenarioStart = performance.now();
    const env = { ...baseEnv, ...(config.env ?? {}) };
    const gracefulStop = parseDuration(config.gracefulStop ?? '30s');
    let iterationInTest = 0;
    let sharedLeft = config.executor === 'shared-iterations' ? (config.iterations ?? 1) : Infinity;
    const info = {
      name,
      executor: config.executor,
      startTime: Date.now(),
      runner,
      progress: () => 0,
    };
    const loops = [];

    const vuLoop = async (vu, keepGoing, iterationsLeft = Infinity) => {
      active += 1;
      let iterationInScenario = 0;
      try {
        while (!aborted && keepGoing() && iterationsLeft > 0 && sharedLeft > 0) {
          iterationsLeft -= 1;
          sharedLeft -= 1;
          const context = {
            vu,
            iterationInScenario,
            iterationInTest: iterationInTest++,
            env,
            scenario: info,
          };
          const t0 = performance.now();
          try {
            await vuContext.run(context, () => fn(data));
            registry.add('iterations', 'counter', 1);
          } catch (error) {
            registry.add('iteration_errors', 'counter', 1);
            log(`scenario ${name}, VU ${vu}: ${error?.stack ?? error}`);
          }
          registry.add('iteration_duration', 'trend', performance.now() - t0, undefined, true);
          iterationInScenario += 1;
          // k6 runs each VU on its own; here an iteration that never waits must not starve the others.
          await new Promise((r) => setImmediate(r));
        }
      } finally {
        active -= 1;
      }
    };

    // Waits for the loops, at most `gracefulStop` after `deadline` (ms since the scenario start).
    const finish = async (deadline) => {
      const all = Promise.all(loops);
      if (deadline === Infinity) return all;
      const wait = deadline + gracefulStop - (performance.now() - scenarioStart);
      let timer;
      const late = new Promise((r) => (timer = setTimeout(() => r('late'), Math.max(0, wait))));
      const outcome = await Promise.race([all.then(() => 'done'), late]);
      clearTimeout(timer);
      if (outcome === 'late') interrupted += active;
    };

    if (config.executor === 'ramping-vus') {
      const stages = (config.stages ?? []).map((s) => ({ ms: parseDuration(s.duration), target: s.target }));
      const total = stages.reduce((s, st) => s + st.ms, 0);
      const targetAt = (t) => {
        let from = config.startVUs ?? 1;
        let at = 0;
        for (const stage of stages) {
          if (t < at + stage.ms) return Math.round(from + ((stage.target - from) * (t - at)) / stage.ms);
          at += stage.ms;
          from = stage.target;
        }
        return from;
      };
      const vus = []; // { stop }
      for (;;) {
        const t = performance.now() - scenarioStart;
        const target = t >= total ? 0 : targetAt(t);
        while (vus.filter((v) => !v.stop).length < target) {
          const handle = { stop: false };
          vus.push(handle);
          loops.push(vuLoop(nextVu++, () => !handle.stop));
        }
        const running = vus.filter((v) => !v.stop);
        for (let i = running.length - 1; i >= target; i--) running[i].stop = true;
        if (t >= total || aborted) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await finish(total);
    } else if (config.executor === 'constant-vus') {
      const ms = parseDuration(config.duration);
      for (let i = 0; i < (config.vus ?? 1); i++)
        loops.push(vuLoop(nextVu++, () => performance.now() - scenarioStart < ms));
      await finish(ms);
    } else if (config.executor === 'per-vu-iterations' || config.executor === 'shared-iterations') {
      const max = parseDuration(config.maxDuration ?? '10m');
      const perVu = config.executor === 'per-vu-iterations' ? (config.iterations ?? 1) : Infinity;
      for (let i = 0; i < (config.vus ?? 1); i++)
        loops.push(vuLoop(nextVu++, () => performance.now() - scenarioStart < max, perVu));
      await finish(max);
    } else {
      throw new Error(`scenario ${name}: executor ${config.executor} is not supported by the Node runner`);
    }
  };

  try {
    await Promise.all(Object.entries(scenarios).map(([name, config]) => runScenario(name, config)));
    if (module.teardown) await vuContext.run(setupContext, () => module.teardown(data));
  } finally {
    if (observer) observers.delete(observer);
  }
  const seconds = (performance.now() - started) / 1000;

  const metrics = {};
  for (const [name, series] of registry.series)
    metrics[name] = { type: series.type, values: series.values(seconds) };
  const thresholds = [];
  for (const [metric, list] of Object.entries(options.thresholds ?? {})) {
    for (const item of list) {
      const expression = typeof item === 'string' ? item : item.threshold;
      thresholds.push({
        metric,
        expression,
        ...evaluateThreshold(registry.series.get(metric), expression, seconds),
      });
    }
  }
  return { seconds, metrics, thresholds, interrupted, aborted, series: registry.series };
}

/** k6's end-of-test summary, compact: every metric, then the thresholds. */
export function formatSummary(summary) {
  const lines = [];
  const n = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
  for (const [name, { type, values }] of [...Object.entries(summary.metrics)].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    let text;
    if (type === 'trend')
      text = `avg=${n(values.avg)}ms med=${n(values.med)}ms p(95)=${n(values['p(95)'])}ms p(99)=${n(values['p(99)'])}ms max=${n(values.max)}ms n=${values.count}`;
    else if (type === 'counter') text = `${n(values.count)} (${n(values.rate)}/s)`;
    else if (type === 'rate')
      text = `${(values.rate * 100).toFixed(3)} % (${values.passes} of ${values.passes + values.fails})`;
    else text = n(values.value);
    lines.push(`  ${name.padEnd(40, '.')} ${text}`);
  }
  for (const t of summary.thresholds)
    lines.push(
      `  ${t.ok ? '✓' : '✗'} ${t.metric} ${t.expression} (${t.actual === null ? 'no samples' : n(t.actual)})`,
    );
  if (summary.interrupted)
    lines.push(`  ${summary.interrupted} iterations still running at the graceful stop`);
  return lines.join('\n');
}
