import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/**
 * What a query or mutation tells the query client about its failures. The client is the one place
 * that logs them: an API file or a component says what the console gets, and never logs itself.
 */
type FailureLogMeta = {
  /**
   * The words the console gets when the call fails, followed by the error (spec sections 7 and 8
   * log failed reads and some failed writes). Without them a failure is not logged: the page shows
   * it, or it is no failure at all.
   */
  failureLog?: string;
  /** A failure that is none (a 403 from a chat the reader has left): not logged. */
  isExpectedFailure?: (error: Error) => boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureLogMeta;
    mutationMeta: FailureLogMeta;
  }
}

/** A query's last try or a mutation failed (React Query calls this once, not on each retry). */
function logFailure(error: Error, meta: FailureLogMeta | undefined): void {
  if (!meta?.failureLog || meta.isExpectedFailure?.(error)) return;
  console.error(meta.failureLog, error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => logFailure(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => logFailure(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change by asking again; network trouble might.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
