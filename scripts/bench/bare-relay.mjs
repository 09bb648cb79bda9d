// The cost of one more HTTP hop on this machine, for the chat bench: a bare
// node:http relay that forwards the request to the model and pipes the bytes
// back untouched (no framework, no parsing, no database). What it adds to the
// time to first token is what any relay in Node pays here before doing any
// work of its own. stdout: `ready <port>`.
import http from 'node:http';

const upstream = new URL(process.env.UPSTREAM_URL);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const server = http.createServer((req, res) => {
  const out = http.request(new URL(`${upstream.pathname.replace(/\/$/, '')}/chat/completions`, upstream), { method: 'POST', agent, headers: { 'content-type': 'application/json', ...(req.headers['content-length'] ? { 'content-length': req.headers['content-length'] } : {}) } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'text/event-stream' });
    answer.pipe(res);
  });
  out.on('error', () => res.destroy());
  req.pipe(out);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`ready ${server.address().port}\n`));
