import net from 'node:net';

/** A port that is free right now on 127.0.0.1 (the OS picks it), so benchmarks never collide with a leftover process. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
