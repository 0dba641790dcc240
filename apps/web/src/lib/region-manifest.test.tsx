import { SPEC_REGION_SUMMARIES } from '@carpool/shared/fixtures/spec-regions';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { renderWithApp } from '../test/render-with-app';

describe('the installable app of the region', () => {
  afterEach(() => document.head.replaceChildren());

  it.each([
    ['/nj/my-rides', 'nj'],
    ['/', 'cornell'],
  ] as const)('on %s links the manifest of %s and colours the browser bar and the theme with it', async (path, region) => {
    // As index.html has them: the build's manifest and a colour of its own.
    document.head.innerHTML = '<meta name="theme-color" content="#000000" /><link rel="manifest" href="/manifest.webmanifest">';
    localStorage.clear();
    fakeServer({});
    renderWithApp(<p>page</p>, { path });
    await screen.findByText('page');
    const { theme } = SPEC_REGION_SUMMARIES[region];
    expect(document.querySelector('link[rel="manifest"]')!.getAttribute('href')).toBe(`/${region}/manifest.webmanifest`);
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe(theme.light);
    // The theme's variables, from the region's row.
    expect(document.documentElement.dataset.region).toBe(region);
    expect(document.documentElement.style.getPropertyValue('--brand-600')).toBe(theme.scale['600']);
    expect(document.documentElement.style.getPropertyValue('--color-brand')).toBe(theme.light);
  });
});
