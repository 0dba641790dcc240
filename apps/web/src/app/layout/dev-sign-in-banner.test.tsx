import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { renderWithApp } from '../../test/render-with-app';
import { DevSignInBanner } from './dev-sign-in-banner';

const baseConfig = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DevSignInBanner', () => {
  it('says development sign-in is reachable from the network when the server exposes it', async () => {
    fakeServer({ 'GET /api/config': () => ({ body: { ...baseConfig, devSignInExposed: true } }) });
    renderWithApp(<DevSignInBanner />);
    expect(await screen.findByRole('status')).toHaveTextContent(/Development sign-in is on and reachable from the network/);
  });

  it('shows nothing on a loopback-only server', async () => {
    const server = fakeServer({ 'GET /api/config': () => ({ body: { ...baseConfig, devSignInExposed: false } }) });
    renderWithApp(<DevSignInBanner />);
    await vi.waitFor(() => expect(server).toHaveBeenCalled());
    // Let the answer reach the component before looking.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/Development sign-in is on/)).toBeNull();
  });
});
