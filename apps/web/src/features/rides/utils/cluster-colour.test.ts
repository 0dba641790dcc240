import { describe, expect, it } from 'vitest';
import { clusterColours } from './cluster-colour';

describe('clusterColours', () => {
  it('is blue up to 10 whatever the mean', () => {
    expect(clusterColours([10, 2, 3])).toEqual(['blue', 'blue', 'blue']);
    expect(clusterColours([11, 2, 3])).toEqual(['red', 'blue', 'blue']);
  });

  it('is red only above the mean when the mean is above 10', () => {
    // mean 20: 25 is red, 15 is not although it is above 10
    expect(clusterColours([25, 15, 20])).toEqual(['red', 'blue', 'blue']);
    expect(clusterColours([])).toEqual([]);
  });
});
