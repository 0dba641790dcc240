import { QueryClient, QueryClientProvider, skipToken, useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { useQueryStartedInRender } from './query-started-in-render';

type QueryHook = (options: UseQueryOptions<string, Error, string, string[]>) => UseQueryResult<string>;

function withClient(children: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Records, in the commit's layout effects, whether the query's request had started by then. */
function Probe({ hook, queryFn, enabled = true, seen }: { hook: QueryHook; queryFn: Mock<() => Promise<string>>; enabled?: boolean; seen: boolean[] }) {
  const query = hook({ queryKey: ['probe'], queryFn, enabled });
  useLayoutEffect(() => {
    seen.push(queryFn.mock.calls.length > 0);
  }, [queryFn, seen]);
  return <p>{query.data ?? 'waiting'}</p>;
}

describe('useQueryStartedInRender', () => {
  it('has the request started by the commit, where useQuery starts it only in the effects after it', async () => {
    const started: boolean[] = [];
    const queryFn = vi.fn(async () => 'the answer');
    render(withClient(<Probe hook={useQueryStartedInRender} queryFn={queryFn} seen={started} />));
    expect(await screen.findByText('the answer')).toBeInTheDocument();
    expect(started[0]).toBe(true);
    expect(queryFn).toHaveBeenCalledTimes(1);

    const plain: boolean[] = [];
    render(withClient(<Probe hook={useQuery} queryFn={vi.fn(async () => 'the answer')} seen={plain} />));
    expect(plain[0]).toBe(false);
  });

  it('asks nothing while not enabled', () => {
    const queryFn = vi.fn(async () => 'the answer');
    render(withClient(<Probe hook={useQueryStartedInRender} queryFn={queryFn} enabled={false} seen={[]} />));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(queryFn).not.toHaveBeenCalled();
  });

  it("retries as the observer's query would: the client's default, else three times", async () => {
    const failingTwice = () => {
      let calls = 0;
      return vi.fn(async () => {
        calls += 1;
        if (calls <= 2) throw new Error(`attempt ${calls} failed`);
        return 'the answer';
      });
    };
    // No retry default on this client: an observer retries three times, and so does the request
    // started in the render (the client's own query() would not retry at all).
    const queryFn = failingTwice();
    const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    render(withClient(<Probe hook={useQueryStartedInRender} queryFn={queryFn} seen={[]} />, client));
    expect(await screen.findByText('the answer')).toBeInTheDocument();
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('leaves a skipped query to useQuery', () => {
    function Skipped() {
      const query = useQueryStartedInRender<string, string[]>({ queryKey: ['skipped'], queryFn: skipToken });
      return <p>{query.status}</p>;
    }
    render(withClient(<Skipped />));
    expect(screen.getByText('pending')).toBeInTheDocument();
  });
});
