import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateCarousel } from './date-carousel';

describe('DateCarousel', () => {
  const counts = [
    { date: '2026-03-12', count: 0 },
    { date: '2026-03-13', count: 1 },
    { date: '2026-03-14', count: 4 },
  ];

  it('labels five days with their counts and disables going back before today', () => {
    render(<DateCarousel start="2026-03-12" today="2026-03-12" selected="" counts={counts} onShift={vi.fn()} onSelect={vi.fn()} />);
    const days = screen.getAllByRole('button', { pressed: false });
    expect(days).toHaveLength(5);
    expect(days[0]).toHaveTextContent('Today12 Mar-');
    expect(days[1]).toHaveTextContent('13 Mar1 ride');
    expect(days[2]).toHaveTextContent('14 Mar4 rides');
    expect(screen.getByRole('button', { name: 'Previous 5 days' })).toBeDisabled();
  });

  it('shifts and selects', async () => {
    const onShift = vi.fn();
    const onSelect = vi.fn();
    render(<DateCarousel start="2026-03-17" today="2026-03-12" selected="2026-03-18" counts={[]} onShift={onShift} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'Previous 5 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next 5 days' }));
    expect(onShift.mock.calls).toEqual([[-1], [1]]);
    const selected = screen.getByRole('button', { pressed: true });
    expect(selected).toHaveTextContent('18 Mar');
    await userEvent.click(selected);
    expect(onSelect).toHaveBeenCalledWith('2026-03-18');
  });
});
