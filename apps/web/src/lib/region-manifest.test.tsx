import { REGION_BRAND_COLOUR } from '@carpool/shared/regions';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { RegionProvider } from './region';

describe('the installable app of the region', () => {
  afterEach(() => document.head.replaceChildren());

  it.each([
    ['/nj/my-rides', 'nj'],
    ['/', 'cornell'],
  ] as const)('on %s links the manifest of %s and colours the browser bar with it', (path, region) => {
    // As index.html has them: the build's manifest and cornell's colour.
    document.head.innerHTML = '<meta name="theme-color" content="#b31b1b" /><link rel="manifest" href="/manifest.webmanifest">';
    localStorage.clear();
    render(
      <MemoryRouter initialEntries={[path]}>
        <RegionProvider>
          <p>page</p>
        </RegionProvider>
      </MemoryRouter>,
    );
    expect(document.querySelector('link[rel="manifest"]')!.getAttribute('href')).toBe(`/${region}/manifest.webmanifest`);
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe(REGION_BRAND_COLOUR[region]);
  });
});
