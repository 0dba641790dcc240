import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';

function renderModal(onClose = vi.fn()) {
  render(
    <Modal open onClose={onClose} title="Post a New Ride">
      <input aria-label="From" />
      <button type="button">Submit</button>
    </Modal>,
  );
  return onClose;
}

describe('Modal', () => {
  it('is a labelled modal dialog that starts on its content', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Post a New Ride' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('From')).toHaveFocus();
  });

  it('closes with the close button, Escape and a backdrop click, not a click inside', async () => {
    const onClose = renderModal();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('From'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('keeps Tab inside the dialog', async () => {
    renderModal();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
  });
  it('stacks a dialog opened from a dialog: Escape closes the top one only, and the page behind is hidden', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <>
          <button type="button">Behind</button>
          <Modal open={outer} onClose={() => setOuter(false)} title="Ride details">
            <button type="button" onClick={() => setInner(true)}>
              Cancel ride
            </button>
          </Modal>
          <ConfirmDialog open={inner} title="Cancel this ride?" confirmLabel="Cancel ride" onConfirm={vi.fn()} onClose={() => setInner(false)} />
        </>
      );
    }
    render(<Nested />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel ride' }));
    expect(screen.getByRole('alertdialog', { name: 'Cancel this ride?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Behind' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Ride details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel ride' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Behind' })).toBeInTheDocument();
  });
});
