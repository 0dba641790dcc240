import { describe, expect, it } from 'vitest';
import { allowConsoleErrors, consoleErrors } from '../test/console-errors';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

const serverFault = () => new ApiError('Something went wrong on our side. Please try again.', 500, 'INTERNAL_ERROR');
const refusal = () => new ApiError('You are not allowed to do this', 403, 'FORBIDDEN');

describe('the query client, where failures are logged', () => {
  it('logs a failed read with its words once, after its last try', async () => {
    allowConsoleErrors(/^Failed to load things ApiError: Something went wrong/);
    const client = createQueryClient();
    let tries = 0;
    const read = client.fetchQuery({
      queryKey: ['things'],
      queryFn: () => {
        tries += 1;
        return Promise.reject(serverFault());
      },
      retry: 2,
      retryDelay: 0,
      meta: { failureLog: 'Failed to load things' },
    });
    await expect(read).rejects.toThrow(ApiError);
    expect(tries).toBe(3);
    expect(consoleErrors()).toEqual(['Failed to load things ApiError: Something went wrong on our side. Please try again.']);
  });

  it('logs a failed write with its words', async () => {
    allowConsoleErrors(/^Saving failed ApiError:/);
    const client = createQueryClient();
    const write = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(serverFault()), meta: { failureLog: 'Saving failed' } });
    await expect(write.execute(undefined)).rejects.toThrow(ApiError);
    expect(consoleErrors()).toEqual(['Saving failed ApiError: Something went wrong on our side. Please try again.']);
  });

  it('logs nothing for a call without words, or a failure that is none', async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['shown'], queryFn: () => Promise.reject(refusal()) })).rejects.toThrow();
    await expect(
      client.fetchQuery({
        queryKey: ['left'],
        queryFn: () => Promise.reject(refusal()),
        meta: { failureLog: 'Failed to load the chat', isExpectedFailure: (error) => error instanceof ApiError && error.status === 403 },
      }),
    ).rejects.toThrow();
    expect(consoleErrors()).toEqual([]);
  });
});

describe('ApiError', () => {
  it("has a code of the shared catalogue or the client's own", () => {
    // @ts-expect-error: no server answers SOMETHING_WRONG, so comparing with it is a type error.
    expect(serverFault().code === 'SOMETHING_WRONG').toBe(false);
    expect(new ApiError('Request timed out', 0, 'TIMEOUT').code).toBe('TIMEOUT');
  });
});
