import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, tabPanelProps, type TabItem } from './tabs';

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

  it('lets a few tabs that must all show share a narrow strip, their words wrapping, from the small breakpoint down', () => {
    render(<Tabs label="Rides" idPrefix="f" tabs={TABS} selected="rides" onSelect={vi.fn()} fit />);
    for (const tab of screen.getAllByRole('tab')) {
      // Each takes an equal share and may wrap below `sm`; from `sm` up they sit at their own width on one line.
      expect(tab).toHaveClass('min-w-0', 'flex-1', 'sm:flex-none', 'sm:whitespace-nowrap');
      expect(tab).not.toHaveClass('whitespace-nowrap');
    }
  });

  it('moves with the arrow keys (skipping a disabled tab, wrapping round), Home and End, and ties each tab to its panel', async () => {
    const tabs: TabItem<string>[] = [
      { id: 'rides', label: 'All Rides' },
      { id: 'posted', label: 'Rides I Posted', disabled: true, hint: 'Sign in to see your rides' },
      { id: 'requests', label: 'All Ride Requests' },
      { id: 'mine', label: 'My Requests' },
    ];
    const onSelect = vi.fn();
    function Harness() {
      const [selected, setSelected] = useState('rides');
      return (
        <>
          <Tabs
            label="Browse"
            idPrefix="t"
            tabs={tabs}
            selected={selected}
            onSelect={(id) => {
              onSelect(id);
              setSelected(id);
            }}
          />
          <div {...tabPanelProps('t', selected)}>{selected} panel</div>
        </>
      );
    }
    render(<Harness />);
    const tab = (name: RegExp) => screen.getByRole('tab', { name });
    expect(tab(/^All Rides/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/Rides I Posted/)).toBeDisabled();
    expect(tab(/Rides I Posted/)).toHaveAccessibleName('Rides I Posted (Sign in to see your rides)');
    expect(screen.getByRole('tabpanel', { name: 'All Rides' })).toHaveTextContent('rides panel');

    await userEvent.tab();
    expect(tab(/^All Rides/)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab(/All Ride Requests/)).toHaveFocus();
    expect(tab(/All Ride Requests/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'All Ride Requests' })).toHaveTextContent('requests panel');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab(/^All Rides/)).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(tab(/My Requests/)).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(tab(/^All Rides/)).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab(/My Requests/)).toHaveFocus();
    // Only the chosen tab is in the Tab order: Tab leaves the strip for the panel's content.
    expect(tab(/^All Rides/)).toHaveAttribute('tabindex', '-1');
    expect(tab(/My Requests/)).toHaveAttribute('tabindex', '0');
    expect(onSelect).not.toHaveBeenCalledWith('posted');

    await userEvent.click(tab(/All Ride Requests/));
    expect(tab(/All Ride Requests/)).toHaveAttribute('aria-selected', 'true');
  });
});
