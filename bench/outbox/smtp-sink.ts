import { freePort, startBenchScript } from '../lib/processes.js';

interface SmtpSinkStats {
  received: number;
  /** Distinct Message-IDs among them. */
  distinct: number;
  /** Epoch milliseconds of the first and last arrival. */
  firstAt: number | null;
  lastAt: number | null;
}

/** The local SMTP server of the benchmarks (outbox/smtp-sink-server.ts), in a process of its own. */
export interface SmtpSink {
  url: string;
  stats(): Promise<SmtpSinkStats>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const smtpPort = await freePort();
  const sink = await startBenchScript({ label: 'smtp-sink', script: 'outbox/smtp-sink-server.ts', port: await freePort(), env: { SMTP_PORT: String(smtpPort) } });
  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    async stats() {
      const response = await fetch(`${sink.url}/stats`);
      return (await response.json()) as SmtpSinkStats;
    },
    close: () => sink.stop(),
  };
}

/** What the app needs to send e-mail to the sink. */
export function mailEnv(sink: SmtpSink): Record<string, string> {
  return { SMTP_URL: sink.url, MAIL_FROM: 'Carpool bench <bench@carpool.localhost>' };
}
