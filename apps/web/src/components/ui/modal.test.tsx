import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
});
