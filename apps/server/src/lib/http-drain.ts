import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/**
 * A graceful stop of the HTTP server that answers or cleanly closes every connection.
 *
 * Order matters (see docs/decisions/graceful-shutdown.md): the listener is closed first, so a
 * load balancer sends new connections elsewhere; every response from then on, and every one still
 * being prepared, says `Connection: close`, so a client never sends another request on it; and
 * only after a short pause are the connections that stayed idle closed. A connection closed while
 * the client is writing a request on it is a reset request, so those are left a moment to either
 * send one (answered, with `Connection: close`) or show that they are unused.
 */
export interface HttpDrain {
  /** Stops accepting connections and closes keep-alive ones as described; resolves after idleWaitMs. */
  start(idleWaitMs: number): Promise<void>;
  readonly draining: boolean;
}

export function trackForDrain(server: Server): HttpDrain {
  let draining = false;
  const unanswered = new Set<ServerResponse>();

  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };

  // Runs after the app's own request listener, before any answer is written (handlers are async).
  server.on('request', (_request, response: ServerResponse) => {
    if (draining) {
      closeAfter(response);
      return;
    }
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
  });

  return {
    get draining() {
      return draining;
    },
    async start(idleWaitMs) {
      if (draining) return;
      draining = true;
      for (const response of unanswered) closeAfter(response);
      unanswered.clear();
      // net.Server's close stops listening only; http.Server's would also drop the idle
      // keep-alive connections at once, which is what resets requests already on their way.
      NetServer.prototype.close.call(server);
      await new Promise((resolve) => setTimeout(resolve, idleWaitMs));
      server.closeIdleConnections();
    },
  };
}
