import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderPlaceCoordinates } from './place-coordinates.mjs';

describe('place coordinates', () => {
  it('are committed as the script writes them from the GeoNames package', () => {
    const committed = readFileSync(new URL('../packages/shared/src/fixtures/spec-place-coordinates.ts', import.meta.url), 'utf8');
    expect(renderPlaceCoordinates()).toBe(committed);
  });
});
