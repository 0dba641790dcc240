import { skipToken, useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';

/**
 * useQuery whose request starts in the render that first asks for it, not in the commit's effects
 * (docs/decisions/web-code-splitting.md, "a first screen's queries start in its render"). A query
 * that starts when its observer subscribes changes that observer's result in the commit's passive
 * effects, and React re-renders a store's change synchronously, with every passive effect still
 * pending flushed first: on the home page the first commit's effects and that re-render were one
 * long task, after the first paint. Started in the render, the query is already fetching when its
 * observer is made, and subscribing changes nothing. Later renders find it in the cache.
 */
export function useQueryStartedInRender<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
): UseQueryResult<TData> {
  const client = useQueryClient();
  // Only a query that is plainly enabled: one enabled by a function or skipped (skipToken) is left
  // to useQuery, which knows how to read those.
  const plainlyEnabled = (options.enabled === undefined || options.enabled === true) && options.queryFn !== skipToken;
  if (plainlyEnabled && client.getQueryState(options.queryKey) === undefined) {
    // client.query does not retry unless told, where an observer retries by default (3 times):
    // the request started here is the one useQuery then watches, so it retries as useQuery's would.
    const retry = options.retry ?? client.getDefaultOptions().queries?.retry ?? 3;
    client.query({ ...options, retry }).catch(() => undefined);
  }
  return useQuery(options);
}
