// `k6/http` over undici: keep-alive connection pools per origin, the asynchronous API
// (`http.asyncRequest`, k6 ≥ 0.43) that a Node event loop can serve, k6's response object and
// its built-in metrics (http_reqs, http_req_duration, http_req_failed). The blocking calls
// (`http.get`, `http.post` …) cannot block a Node event loop: they throw and say what to use.
import { Agent } from 'undici';
import { httpSettings, observers, registry, vuContext } from './runtime.mjs';

let agent;
/** The shared keep-alive agent, made on first use with the runner's connection limit. */
function dispatcher() {
  agent ??= new Agent({
    connections: httpSettings.connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    keepAliveMaxTimeout: 600_000,
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  return agent;
}

/** Closes the pools between runs (a new connection limit applies to the next run). */
export async function closeHttp() {
  const closing = agent;
  agent = undefined;
  await closing?.close();
}

/** `http.expectedStatuses(200, {min: 400, max: 404})`: what http_req_failed counts as success. */
export function expectedStatuses(...ranges) {
  const accepts = ranges.map((r) => (typeof r === 'number' ? { min: r, max: r } : r));
  return { accepts: (status) => accepts.some((r) => status >= r.min && status <= r.max) };
}

let defaultCallback = expectedStatuses({ min: 200, max: 399 });
export function setResponseCallback(callback) {
  defaultCallback = callback ?? expectedStatuses({ min: 200, max: 399 });
}

const duration = (value) => {
  if (value === undefined) return 60_000;
  if (typeof value === 'number') return value;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(String(value));
  if (!m) throw new Error(`unreadable timeout ${value}`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000 }[m[2]];
};

class Response {
  constructor(fields) {
    Object.assign(this, fields);
  }
  /** The body parsed as JSON; `selector` (k6's gjson path) is limited to dotted keys here. */
  json(selector) {
    const parsed = JSON.parse(this.body);
    if (!selector) return parsed;
    return selector.split('.').reduce((value, key) => (value == null ? undefined : value[key]), parsed);
  }
}

/** k6's `http.asyncRequest(method, url, body, params)`: a Promise of the Response. */
export async function asyncRequest(method, url, body = null, params = {}) {
  const target = new URL(url);
  const headers = { ...(params.headers ?? {}) };
  const payload = body == null ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const tags = { method, ...(params.tags ?? {}) };
  const started = performance.now();
  let status = 0;
  let text = '';
  let responseHeaders = {};
  let error = '';
  let waited = 0;
  try {
    const res = await dispatcher().request({
      origin: target.origin,
      path: target.pathname + target.search,
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(duration(params.timeout)),
    });
    waited = performance.now() - started;
    status = res.statusCode;
    responseHeaders = res.headers;
    text = await res.body.text();
  } catch (cause) {
    error = cause?.message ?? String(cause);
  }
  const elapsed = performance.now() - started;
  const callback = params.responseCallback ?? defaultCallback;
  const failed = status === 0 || (callback ? !callback.accepts(status) : false);
  registry.add('http_reqs', 'counter', 1, tags);
  registry.add('http_req_duration', 'trend', elapsed, tags, true);
  registry.add('http_req_failed', 'rate', failed, tags);
  const response = new Response({
    status,
    body: text,
    headers: responseHeaders,
    error,
    error_code: error ? 1000 : status >= 400 ? 1000 + status : 0,
    url,
    request: { method, url, body: payload, headers },
    timings: { duration: elapsed, waiting: waited, receiving: elapsed - waited, blocked: 0 },
  });
  for (const observe of observers) observe(response, vuContext.getStore());
  return response;
}

const blocking = (name) => () => {
  throw new Error(
    `http.${name}() blocks its VU, which a Node event loop cannot do: use await http.asyncRequest(...) (k6 ≥ 0.43 runs it too)`,
  );
};
export const get = blocking('get');
export const post = blocking('post');
export const put = blocking('put');
export const patch = blocking('patch');
export const del = blocking('del');
export const request = blocking('request');
export const batch = blocking('batch');

export default {
  asyncRequest,
  expectedStatuses,
  setResponseCallback,
  get,
  post,
  put,
  patch,
  del,
  request,
  batch,
};
