// The baseline: a bare Fastify hello-world, measured in the same run as Xueba.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3301) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
