import { MAP_CLUSTER_RED_MIN } from '@carpool/shared/constants';

export type ClusterColour = 'red' | 'blue';

/**
 * Spec section 9: a cluster is red when it is larger than the maximum of 10 and the mean cluster
 * size of the view, otherwise blue. The mean is over the clusters shown, so one crowded town
 * stands out whatever the overall number of rides.
 */
export function clusterColours(sizes: readonly number[]): ClusterColour[] {
  if (sizes.length === 0) return [];
  const mean = sizes.reduce((sum, size) => sum + size, 0) / sizes.length;
  const threshold = Math.max(MAP_CLUSTER_RED_MIN, mean);
  return sizes.map((size) => (size > threshold ? 'red' : 'blue'));
}
