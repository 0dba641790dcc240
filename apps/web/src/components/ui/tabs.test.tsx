import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const TABS = [
  { id: 'rides', label: 'All Rides' },
  { id: 'posted', label: 'Rides I Posted' },
  { id: 'requests', label: 'All Ride Requests' },
] as const;

/** jsdom lays nothing out: the strip's sizes are set by hand, as a 360 px screen would give them. */
function sizeStrip(strip: HTMLElement, { scrollLeft, clientWidth, scrollWidth }: { scrollLeft: number; clientWidth: number; scrollWidth: number }) {
  Object.defineProperty(strip, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(strip, 'scrollWidth', { configurable: true, value: scrollWidth });
  strip.scrollLeft = scrollLeft;
  fireEvent.scroll(strip);
}

describe('Tabs', () => {
  it('shows which side of a cut strip scrolls, and nothing when everything fits', () => {
    render(<Tabs label="Browse" idPrefix="t" tabs={TABS} selected="rides" onSelect={vi.fn()} />);
    const strip = screen.getByRole('tablist', { name: 'Browse' });
    expect(screen.queryByTestId('tabs-scroll-end')).toBeNull();

    sizeStrip(strip, { scrollLeft: 0, clientWidth: 320, scrollWidth: 420 });
    expect(screen.getByTestId('tabs-scroll-end')).toBeInTheDocument();
    expect(screen.queryByTestId('tabs-scroll-start')).toBeNull();

    sizeStrip(strip, { scrollLeft: 100, clientWidth: 320, scrollWidth: 420 });
    expect(screen.getByTestId('tabs-scroll-start')).toBeInTheDocument();
    expect(screen.queryByTestId('tabs-scroll-end')).toBeNull();
  });
});
