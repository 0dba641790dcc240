import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  port: number;
  url: string;
  /** Every message received, parsed, in order of arrival. */
  mails: ParsedMail[];
  /** When each message's data began to arrive (Date.now()), in the order of `mails`. */
  arrivedAt: number[];
  mailsTo(address: string): ParsedMail[];
  close(): Promise<void>;
}

/** A real SMTP server in the test process (no TLS, no auth), on the given port or a free one. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const mails: ParsedMail[] = [];
  const arrivedAt: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      const startedAt = Date.now();
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          arrivedAt.push(startedAt);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    mails,
    arrivedAt,
    mailsTo: (address) => mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((v) => v.address === address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The raw value of a header as it was written (mailparser turns List-* headers into objects). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase());
  return line?.line.slice(line.line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
}
