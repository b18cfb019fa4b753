import Fastify from 'fastify';

// The reference point of every benchmark: the cheapest JSON route Fastify can serve here.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
