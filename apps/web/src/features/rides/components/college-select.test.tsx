import type { College } from '@carpool/shared/colleges';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CollegeSelect } from './college-select';
import { renderWithApp } from '../../../test/render-with-app';

function Harness({ initial, onChange }: { initial: College[]; onChange: (next: College[]) => void }) {
  const [selected, setSelected] = useState<College[]>(initial);
  return (
    <>
      <CollegeSelect
        selected={selected}
        onChange={(next) => {
          onChange(next);
          setSelected(next);
        }}
      />
      <button type="button">Search</button>
    </>
  );
}

describe('CollegeSelect', () => {
  it('is worked by keyboard alone: Enter opens it on the first checkbox, Space ticks, Escape closes it back onto its button', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Harness initial={['ithaca']} onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'College Ithaca' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Colleges' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const boxes = within(panel).getAllByRole('checkbox');
    expect(boxes[0]).toHaveFocus();
    expect(within(panel).getByRole('checkbox', { name: 'Ithaca' })).toBeChecked();

    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(['cornell', 'ithaca']);
    expect(screen.getByRole('button', { name: 'College 2 Colleges' })).toBeInTheDocument();
    await user.tab();
    await user.keyboard(' ');
    // Unticking Ithaca leaves the first college only.
    expect(onChange).toHaveBeenLastCalledWith(['cornell']);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Colleges' })).not.toBeInTheDocument();
    const closed = screen.getByRole('button', { name: 'College Cornell' });
    expect(closed).toHaveFocus();
    expect(closed).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial={[]} onChange={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'College College' }));
    expect(await screen.findByRole('dialog', { name: 'Colleges' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('dialog', { name: 'Colleges' })).not.toBeInTheDocument();
  });
});
