import { WINDOW_EVENTS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast';
import { api } from '../../lib/api-client';
import { SERVICE_UNAVAILABLE_NOTICE_MS, ServiceUnavailableNotice } from './service-unavailable-notice';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderNotice() {
  render(
    <ToastProvider>
      <ServiceUnavailableNotice />
    </ToastProvider>,
  );
}

describe('service unavailable notice', () => {
  it('says the service is briefly unavailable when a call is answered 503, once for calls failing together', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: TEXTS.serviceUnavailable, message: TEXTS.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' },
          { status: 503, headers: { 'retry-after': '5' } },
        ),
      ),
    );
    renderNotice();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(async () => {
      const failures = await Promise.allSettled([api.get('/api/rides/getall'), api.get('/api/notifications'), api.get('/api/users/x')]);
      expect(failures.every((failure) => failure.status === 'rejected')).toBe(true);
    });
    expect(await screen.findAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.serviceUnavailable);
  });

  it('shows it again for a later outage, not for every retry within one', () => {
    vi.useFakeTimers();
    renderNotice();
    // The toast library draws on its next tick and removes a toast after a short exit animation.
    const dispatch = () => {
      act(() => window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.serviceUnavailable)));
      act(() => vi.advanceTimersByTime(50));
    };
    dispatch();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    dispatch();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(SERVICE_UNAVAILABLE_NOTICE_MS + 1_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    dispatch();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
