import { WINDOW_EVENTS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberSessionExpiredNotice } from '../../lib/storage';
import { dispatchWindowEvent } from '../../lib/window-events';
import { renderWithApp } from '../../test/render-with-app';
import { SessionExpiryNotice } from './session-expiry-notice';

// As the server words it (auth.service.ts): the page shows the message it is given.
const SUSPENDED =
  'Your account has been suspended by an administrator: repeated no-shows. If you think this is a mistake, write to the team through "Feedback" at the bottom of any page.';

describe('session expiry notice', () => {
  beforeEach(() => sessionStorage.clear());

  it('says the session expired after the reload that followed an expiry', async () => {
    rememberSessionExpiredNotice();
    renderWithApp(<SessionExpiryNotice />);
    expect(await screen.findByText(TEXTS.sessionExpiredToast)).toBeInTheDocument();
  });

  it("tells a suspended person the suspension and its reason, not that their session expired, after the reload and at once", async () => {
    rememberSessionExpiredNotice(SUSPENDED);
    const view = renderWithApp(<SessionExpiryNotice />);
    expect(await screen.findByText(SUSPENDED)).toBeInTheDocument();
    expect(screen.queryByText(TEXTS.sessionExpiredToast)).toBeNull();
    view.unmount();

    renderWithApp(<SessionExpiryNotice />);
    act(() => dispatchWindowEvent(WINDOW_EVENTS.authExpired, { region: 'cornell', reason: 'suspended', message: SUSPENDED }));
    expect(await screen.findByText(SUSPENDED)).toBeInTheDocument();
    expect(SUSPENDED).toContain('Feedback');
  });
});
