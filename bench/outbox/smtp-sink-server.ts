/**
 * A local SMTP server as its own process (as a mail relay is another machine): it accepts every
 * message and counts them. HTTP on PORT: GET /api/health, GET /stats ({received, distinct,
 * firstAt, lastAt}, epoch milliseconds). The SMTP port is SMTP_PORT.
 */
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';

let received = 0;
let firstAt: number | null = null;
let lastAt: number | null = null;
const messageIds = new Set<string>();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  closeTimeout: 200,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 8192) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      const now = Date.now();
      received += 1;
      firstAt ??= now;
      lastAt = now;
      const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1];
      if (id) messageIds.add(id);
      callback();
    });
  },
});

const http = Fastify();
http.get('/api/health', async () => ({ status: 'ok' }));
http.get('/stats', async () => ({ received, distinct: messageIds.size, firstAt, lastAt }));

await new Promise<void>((resolve) => smtp.listen(Number(process.env.SMTP_PORT), '127.0.0.1', () => resolve()));
await http.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

const close = () => {
  void http.close().then(() => smtp.close(() => process.exit(0)));
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
