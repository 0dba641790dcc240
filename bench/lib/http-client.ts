import { Agent, request } from 'node:http';

/**
 * node:http with a bounded keep-alive pool: far cheaper per request than fetch, which matters
 * when the load generator shares the 2 cores with the server under test; a backlog waits here
 * instead of opening thousands of connections.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export interface JsonAnswer {
  status: number;
  body: string;
}

/** Sends a JSON body (or none) signed in as `token`; resolves to the status and body, rejects when the request failed. */
export function requestJson(method: string, url: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? null : JSON.stringify(body);
    const outgoing = request(
      url,
      {
        method,
        agent,
        timeout: 60_000,
        headers: {
          ...headers,
          authorization: `Bearer ${token}`,
          ...(payload === null ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', reject);
    outgoing.end(payload ?? undefined);
  });
}

/** POSTs a JSON body signed in as `token`. */
export function postJson(url: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  return requestJson('POST', url, token, body, headers);
}

/** Closes the kept-alive connections, so that a process that is done is not held open by them. */
export function closeHttpClient(): void {
  agent.destroy();
}
