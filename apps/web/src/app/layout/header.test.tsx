import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render-with-app';
import { Footer } from './footer';
import { Header } from './header';

describe('finding the ride requests', () => {
  beforeEach(() => localStorage.clear());

  it('links the public ride requests from the header and the footer, signed out too, in the region in view', async () => {
    renderWithApp(
      <>
        <Header />
        <Footer />
      </>,
      { path: '/nj' },
    );
    const links = await screen.findAllByRole('link', { name: /^Ride requests$/i });
    expect(links.map((link) => link.getAttribute('href'))).toContain('/nj/ride-requests');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Ride requests' })).toHaveAttribute('href', '/nj/ride-requests');
  });
});
