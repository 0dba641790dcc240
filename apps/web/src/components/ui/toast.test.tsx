import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './toast';

function Repeater({ times }: { times: number }) {
  const { showToast } = useToast();
  useEffect(() => {
    for (let i = 0; i < times; i++) showToast({ message: 'Your session has expired. Please sign in again.' });
    showToast({ message: 'Something else' });
  }, [showToast, times]);
  return null;
}

describe('toasts', () => {
  it('shows a message reported several times at once only once', async () => {
    act(() => {
      render(
        <ToastProvider>
          <Repeater times={5} />
        </ToastProvider>,
      );
    });
    expect(await screen.findByText('Something else')).toBeInTheDocument();
    expect(screen.getAllByText('Your session has expired. Please sign in again.')).toHaveLength(1);
  });
});
