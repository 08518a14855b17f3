import net from 'node:net';

/**
 * A TCP proxy on loopback that can fall silent: its connections stay open but nothing crosses them,
 * either way, as when a cable is cut or a host loses power. The client's writes are acknowledged by
 * this machine and its reads wait for an answer that never comes; nothing is refused or reset, so
 * nothing tells the client. Bytes sent while silent are dropped.
 */
export class SilentProxy {
  private silent = false;
  private readonly sockets = new Set<net.Socket>();

  private readonly server: net.Server;
  readonly port: number;

  private constructor(server: net.Server, port: number) {
    this.server = server;
    this.port = port;
  }

  static async start(target: { host: string; port: number }): Promise<SilentProxy> {
    let proxy: SilentProxy | undefined;
    const server = net.createServer((client) => proxy?.relay(client, target));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    proxy = new SilentProxy(server, (server.address() as net.AddressInfo).port);
    return proxy;
  }

  private relay(client: net.Socket, target: { host: string; port: number }): void {
    const upstream = net.connect(target.port, target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(from);
      from.on('data', (chunk) => {
        if (!this.silent) to.write(chunk);
      });
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }

  /** From now on nothing crosses, on the open connections and on new ones. */
  silence(): void {
    this.silent = true;
  }

  /** Bytes cross again (those sent meanwhile are lost: a connection that sent some is broken). */
  restore(): void {
    this.silent = false;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
