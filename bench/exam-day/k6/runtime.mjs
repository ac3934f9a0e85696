// The state the k6 modules of this shim share with the runner (run.mjs): which virtual user an
// async call belongs to (AsyncLocalStorage: k6 gives each VU its own globals, here they are
// per async context), the metrics of the run, and the observers of HTTP responses.
import { AsyncLocalStorage } from 'node:async_hooks';

/** `{ vu, iteration, scenario }` of the virtual user running the current code. */
export const vuContext = new AsyncLocalStorage();

/**
 * A latency histogram with HDR-style buckets: exact to the microsecond below 256 µs, then 128
 * sub-buckets per power of two (relative error under 0.8 %), so percentiles of millions of
 * samples cost a few kilobytes.
 */
export class Histogram {
  counts = [];
  count = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;

  static index(micros) {
    if (micros < 256) return micros;
    const shift = 31 - Math.clz32(micros) - 7;
    return 256 + (shift - 1) * 128 + ((micros >>> shift) - 128);
  }

  static value(index) {
    if (index < 256) return index;
    const shift = Math.floor((index - 256) / 128) + 1;
    const sub = ((index - 256) % 128) + 128;
    return (sub << shift) + (1 << (shift - 1));
  }

  add(ms) {
    const micros = Math.max(0, Math.min(2 ** 31 - 1, Math.round(ms * 1000)));
    const i = Histogram.index(micros);
    this.counts[i] = (this.counts[i] ?? 0) + 1;
    this.count += 1;
    this.sum += ms;
    if (ms < this.min) this.min = ms;
    if (ms > this.max) this.max = ms;
  }

  /** The q-quantile (0…1) in ms; the exact max for q = 1. */
  quantile(q) {
    if (this.count === 0) return 0;
    if (q >= 1) return this.max;
    const rank = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= rank) return Math.min(this.max, Math.max(this.min, Histogram.value(i) / 1000));
    }
    return this.max;
  }
}

/** One metric of the run, as k6 has them: trend, counter, rate, gauge. */
export class MetricSeries {
  constructor(name, type, isTime = false) {
    this.name = name;
    this.type = type;
    this.isTime = isTime;
    this.histogram = new Histogram();
    this.total = 0; // counter: sum; rate: non-zero samples
    this.samples = 0;
    this.last = 0;
  }

  add(value) {
    this.samples += 1;
    if (this.type === 'trend') this.histogram.add(Number(value));
    else if (this.type === 'counter') this.total += Number(value);
    else if (this.type === 'rate') this.total += value ? 1 : 0;
    else this.last = Number(value);
  }

  /** The values a threshold or the summary reads (k6's names: avg, p(95), rate, count …). */
  values(seconds) {
    if (this.type === 'trend') {
      const h = this.histogram;
      return {
        count: h.count,
        avg: h.count ? h.sum / h.count : 0,
        min: h.count ? h.min : 0,
        med: h.quantile(0.5),
        max: h.count ? h.max : 0,
        'p(90)': h.quantile(0.9),
        'p(95)': h.quantile(0.95),
        'p(99)': h.quantile(0.99),
      };
    }
    if (this.type === 'counter') return { count: this.total, rate: seconds > 0 ? this.total / seconds : 0 };
    if (this.type === 'rate')
      return {
        rate: this.samples ? this.total / this.samples : 0,
        passes: this.total,
        fails: this.samples - this.total,
      };
    return { value: this.last };
  }
}

/** The metrics of the current run, by name (a sub-metric of a tag: `name{tag:value}`). */
export const registry = {
  series: new Map(),
  reset() {
    this.series = new Map();
  },
  get(name, type, isTime = false) {
    let series = this.series.get(name);
    if (!series) {
      series = new MetricSeries(name, type, isTime);
      this.series.set(name, series);
    } else if (series.type !== type) {
      throw new Error(`metric ${name} is a ${series.type}, not a ${type}`);
    }
    return series;
  },
  /** A sample of `name`, and of its sub-metric for each tag that has one (`name{name:save}`). */
  add(name, type, value, tags, isTime = false) {
    this.get(name, type, isTime).add(value);
    if (tags?.name !== undefined) this.get(`${name}{name:${tags.name}}`, type, isTime).add(value);
  },
};

/** Observers of every HTTP exchange (the runner's audit of acknowledged saves). */
export const observers = new Set();

/** Options of the HTTP client, set by the runner before a run. */
export const httpSettings = { connections: 256 };
