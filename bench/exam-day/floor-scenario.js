// The HTTP floor (run.mjs phase "floor"), a k6 script: FLOOR_VUS virtual users sending a
// save's PATCH back to back to BASE_URL for FLOOR_DURATION, as scenario.js's throughput phase
// does through the product.
import http from 'k6/http';
import { Counter } from 'k6/metrics';

const saves = new Counter('saves');

export const options = {
  scenarios: {
    floor: {
      executor: 'constant-vus',
      exec: 'saver',
      vus: Number(__ENV.FLOOR_VUS || 32),
      duration: __ENV.FLOOR_DURATION || '15s',
    },
  },
};

let seq = 0;
export async function saver() {
  seq += 1;
  const res = await http.asyncRequest(
    'PATCH',
    `${__ENV.BASE_URL}/api/exam/studentquestions/${1000 + (seq % 10)}`,
    JSON.stringify({ data: { attributes: { answer: { answer_index: [seq % 4] }, seq } } }),
    { headers: { 'content-type': 'application/json' } },
  );
  if (res.status === 200) saves.add(1);
}
