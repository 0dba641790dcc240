import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { BINGHAMTON_TO_NYC, rideFixture, rideWithStopsFixture } from '../test/ride-fixture';
import { RidesMap } from './rides-map';

describe('RidesMap', () => {
  beforeEach(() => {
    localStorage.clear();
    // jsdom lays nothing out: Leaflet reads its container's size to know what is in view.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(450);
    // Leaflet keeps the page where it was when a marker takes the focus; jsdom has no scrolling.
    vi.stubGlobal('scrollTo', vi.fn());
    fakeServer({ 'GET /api/config': () => ({ body: { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null } }) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("places rides at their departure place's coordinates and draws the route through the stops of the ride opened", async () => {
    const withStops = rideWithStopsFixture({ segment: BINGHAMTON_TO_NYC, pickupLat: 42.09869, pickupLng: -75.91797 });
    const other = rideFixture({ id: '5d3b1a2c-8e9f-4a0b-9c1d-2e3f4a5b6c7d', from: 'syracuse', to: 'boston' });
    const onOpen = vi.fn();
    renderWithApp(<RidesMap rides={[withStops, other]} onOpen={onOpen} />);
    expect(screen.getByRole('region', { name: 'Map of pick-up points' })).toBeInTheDocument();
    expect(screen.queryByText(/no known location/)).toBeNull();
    expect(screen.queryByText(/Route:/)).toBeNull();
    const marker = await screen.findByTitle('Binghamton → New York City');
    expect(document.querySelectorAll('svg path')).toHaveLength(0);
    await userEvent.click(marker);
    expect(onOpen).toHaveBeenCalledWith(withStops);
    expect(await screen.findByText('Route:')).toBeInTheDocument();
    expect(screen.getByText('Route:').parentElement).toHaveTextContent('Route: Ithaca → Binghamton → Scranton → New York City');
    // The line and a dot for each of the two stops.
    expect(document.querySelectorAll('svg path')).toHaveLength(3);
  });
});
