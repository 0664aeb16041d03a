// The baseline: a plain Fastify server in its own process answering from memory with the exact bytes
// and content-type the API answered. What the API achieves as a share of this is its overhead.
import Fastify from 'fastify';

/** method -> { status, contentType, body }: the answer to every request of that method. */
let answers = {};

const fastify = Fastify({ logger: false });
// Interactions arrive as JSON; parse them as the API would have to.
fastify.route({
  method: ['GET', 'POST'],
  url: '/*',
  handler: async (request, reply) => {
    const answer = answers[request.method];
    if (!answer) return reply.code(404).send();
    if (answer.contentEncoding) void reply.header('content-encoding', answer.contentEncoding);
    return reply.code(answer.status).header('content-type', answer.contentType).send(answer.body);
  },
});

process.on('message', (message) => {
  answers = Object.fromEntries(Object.entries(message.answers).map(([method, a]) => [method, { ...a, body: Buffer.from(a.body, 'base64') }]));
  process.send({ ok: true });
});

await fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send({ ready: true });
