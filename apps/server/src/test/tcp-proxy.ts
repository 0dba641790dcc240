import { createServer, Socket, type Server } from 'node:net';

/**
 * A TCP proxy in the test process in front of a real server (PostgreSQL), so that a test can
 * make it unreachable and bring it back on the same address: `refuse()` closes the listener and
 * drops every open connection, `resetNew()` accepts connections and resets them at once (a server
 * going down), `forward()` is a working path again.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly open = new Set<Socket>();
  private mode: 'forward' | 'reset' = 'forward';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens (on the port it had before, once it has one). */
  async forward(): Promise<void> {
    this.mode = 'forward';
    if (this.server) return;
    const server = createServer((client) => this.onConnection(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  async resetNew(): Promise<void> {
    await this.forward();
    this.mode = 'reset';
    this.dropAll();
  }

  async refuse(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.dropAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private dropAll() {
    for (const socket of this.open) socket.destroy();
    this.open.clear();
  }

  private onConnection(client: Socket) {
    if (this.mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    const upstream = new Socket();
    this.open.add(client);
    this.open.add(upstream);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      this.open.delete(client);
      this.open.delete(upstream);
    };
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);
    client.on('close', closeBoth);
    upstream.on('close', closeBoth);
    upstream.connect(this.targetPort, this.targetHost, () => {
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }
}
