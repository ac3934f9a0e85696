// `k6`: check, sleep (a Promise here: `await sleep(1)` waits in both k6 and Node), group, fail.
import { registry } from './runtime.mjs';

/** Every named check of `sets` against `value`; true when all passed (the `checks` rate). */
export function check(value, sets, tags = {}) {
  let all = true;
  for (const [name, predicate] of Object.entries(sets)) {
    let ok;
    try {
      ok = Boolean(typeof predicate === 'function' ? predicate(value) : predicate);
    } catch {
      ok = false;
    }
    registry.add('checks', 'rate', ok, { ...tags, name });
    all &&= ok;
  }
  return all;
}

/** Waits `seconds`; k6's sleep blocks, returning nothing, so `await sleep(s)` is right in both. */
export function sleep(seconds) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds * 1000)));
}

export function group(_name, fn) {
  return fn();
}

export function fail(message) {
  throw new Error(message);
}

export default { check, sleep, group, fail };
