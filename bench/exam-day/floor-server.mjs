// The HTTP floor of the exam-day benchmark (run.mjs): a bare Fastify server in its own Node
// process answering a save's PATCH with a save's reply — no gateway, no token check, no
// framework pipeline, no database. Its rate under the same load generator is the most any
// single-threaded Node HTTP service could answer on this machine: the ceiling of the product's
// saves/s, against which the product's rate and pgbench's are read. Prints its address as one
// JSON line (bench/harness.mjs bootServer).
import Fastify from 'fastify';

const fastify = Fastify({ logger: false });

fastify.patch('/api/exam/studentquestions/:id', async (request) => {
  const { answer, seq } = request.body.data.attributes;
  return {
    data: {
      type: 'studentquestions',
      id: request.params.id,
      attributes: { answer, seq, saved_at: new Date().toISOString() },
    },
  };
});
const address = await fastify.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ gateway: address }));
process.on('SIGTERM', () => fastify.close().then(() => process.exit(0)));
