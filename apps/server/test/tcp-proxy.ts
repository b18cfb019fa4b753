import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy between the app and its database, which a test can take down the way a restarting
 * PostgreSQL does: every open connection dropped and new ones refused, then back on the same port.
 */
export interface TcpProxy {
  port: number;
  /** Connections open through the proxy now. */
  readonly open: number;
  /** Stops passing the database's answers on (queries stay in flight), until `cut` or `resume`. */
  hold(): void;
  resume(): void;
  /** Destroys every connection and stops listening: new connections are refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let holding = false;
  const server = createServer((client) => {
    const upstream = connect(target);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    // After pipe(), which resumes its source.
    if (holding) upstream.pause();
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;

  const proxy: TcpProxy = {
    port,
    get open() {
      return pairs.size;
    },
    hold() {
      holding = true;
      for (const [, upstream] of pairs) upstream.pause();
    },
    resume() {
      holding = false;
      for (const [, upstream] of pairs) upstream.resume();
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      holding = false;
      await closed;
    },
    restore: () => listen(port),
    async close() {
      if (server.listening) await proxy.cut();
    },
  };
  return proxy;
}
