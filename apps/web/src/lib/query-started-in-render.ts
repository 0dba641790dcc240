import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';

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
  if (options.enabled !== false && client.getQueryState(options.queryKey) === undefined) {
    void client.prefetchQuery(options);
  }
  return useQuery(options);
}
