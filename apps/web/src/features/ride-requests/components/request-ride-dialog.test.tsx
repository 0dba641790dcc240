import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionExpiryNotice } from '../../../app/layout/session-expiry-notice';
import { AuthModals } from '../../auth/components/auth-modals';
import { browser } from '../../../lib/browser';
import { dispatchWindowEvent } from '../../../lib/window-events';
import { allowConsoleErrors } from '../../../test/console-errors';
import { signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { rideRequest } from '../test/ride-request-fixture';
import { RequestRideDialog } from './request-ride-dialog';
import { RideRequestList } from './ride-request-list';

const originalZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = originalZone;
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const devConfig = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };
type Answer = { status?: number; body: unknown };

function serve(createAnswer: () => Answer | Promise<Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const answers: Record<string, () => Answer | Promise<Answer>> = {
      'GET /api/config': () => ({ body: devConfig }),
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'GET /api/ride-requests': () => ({ body: [] }),
      'POST /api/ride-requests': createAnswer,
    };
    const { status = 200, body } = await (answers[key]?.() ?? { status: 404, body: { error: 'nf', message: 'nf', code: 'NOT_FOUND' } });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog({ withList = false } = {}) {
  return renderWithApp(
    <>
      {withList ? <RideRequestList /> : null}
      <AuthModals />
      <RequestRideDialog />
      <SessionExpiryNotice />
    </>,
  );
}

async function openForm() {
  dispatchWindowEvent('open-request-ride', undefined);
  return screen.findByRole('dialog', { name: 'Request a Ride' });
}

async function fillValidForm(user: UserEvent, dialog: HTMLElement) {
  const form = within(dialog);
  await user.selectOptions(form.getByLabelText('From'), 'Ithaca');
  await user.selectOptions(form.getByLabelText('To'), 'Boston');
  await user.type(form.getByLabelText('Pickup address'), 'Collegetown bus stop');
  await user.type(form.getByLabelText('Drop-off address'), 'South Station');
  await user.type(form.getByLabelText('Date'), '2030-03-13');
  await user.type(form.getByLabelText('Time'), '23:30');
  await user.selectOptions(form.getByLabelText('Seats needed'), '2');
  await user.selectOptions(form.getByLabelText('Suitcases needed'), '3');
  await user.type(form.getByLabelText(/Notes/), 'Flexible by an hour');
}

function postedBodies(fetchMock: ReturnType<typeof serve>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/ride-requests' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('RequestRideDialog', () => {
  it('opens on open-request-ride for a signed-in user, and sends a signed-out one to sign in', async () => {
    serve(() => ({ body: {} }));
    renderDialog();
    dispatchWindowEvent('open-request-ride', undefined);
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Request a Ride' })).not.toBeInTheDocument();
  });

  it('starts from the places and day of an empty search when it hands them over', async () => {
    signInLocally();
    serve(() => ({ body: {} }));
    renderDialog();
    dispatchWindowEvent('open-request-ride', { from: 'ithaca', to: 'boston', date: '2030-03-13' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Request a Ride' }));
    expect(dialog.getByLabelText('From')).toHaveValue('ithaca');
    expect(dialog.getByLabelText('To')).toHaveValue('boston');
    expect(dialog.getByLabelText('Date')).toHaveValue('2030-03-13');
    expect(dialog.getByLabelText('Time')).toHaveValue('');
  });

  it('names every missing required field and sends nothing', async () => {
    signInLocally();
    const fetchMock = serve(() => ({ body: {} }));
    renderDialog();
    const dialog = await openForm();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Request Ride' }));
    for (const text of [
      'From is required',
      'To is required',
      'Pickup address is required',
      'Drop-off address is required',
      'Date is required',
      'Time is required',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(postedBodies(fetchMock)).toEqual([]);
  });

  it('sends the local departure in UTC with the time zone, shows Submitting..., then resets, refreshes and closes', async () => {
    signInLocally();
    let answer: (value: Answer) => void = () => undefined;
    const fetchMock = serve(() => new Promise<Answer>((resolve) => (answer = resolve)));
    renderDialog({ withList: true });
    const user = userEvent.setup();
    await screen.findByText('No ride requests match your search criteria.');
    const listReads = () =>
      fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/ride-requests' && init?.method === 'GET').length;
    const readsBefore = listReads();

    const dialog = await openForm();
    await fillValidForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Ride' }));

    const pending = await within(dialog).findByRole('button', { name: 'Submitting...' });
    expect(pending).toBeDisabled();
    expect(postedBodies(fetchMock)).toEqual([
      {
        from: 'ithaca',
        to: 'boston',
        date: '2030-03-14',
        time: '03:30',
        seatsNeeded: 2,
        suitcasesNeeded: 3,
        notes: ['Flexible by an hour'],
        preferredPickupAddress: 'Collegetown bus stop',
        preferredDropoffAddress: 'South Station',
        preferredPickupLat: null,
        preferredPickupLng: null,
        preferredDropoffLat: null,
        preferredDropoffLng: null,
        timezone: 'America/New_York',
      },
    ]);

    answer({ status: 201, body: rideRequest({ isOwn: true }) });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a Ride' })).not.toBeInTheDocument());
    expect(await screen.findByText('Your ride request has been posted.')).toBeInTheDocument();
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));

    const reopened = within(await openForm());
    expect(reopened.getByLabelText('From')).toHaveValue('');
    expect(reopened.getByLabelText('Pickup address')).toHaveValue('');
    expect(reopened.getByLabelText('Seats needed')).toHaveValue('1');
    expect(reopened.getByLabelText('Suitcases needed')).toHaveValue('1');
    expect(reopened.getByLabelText(/Notes/)).toHaveValue('');
  });

  it("shows the spec's failure text and keeps the form when the server fails", async () => {
    signInLocally();
    // The server fails the request, and the app logs it.
    allowConsoleErrors(/^Failed to create ride request ApiError: Internal error$/);
    serve(() => ({ status: 500, body: { error: 'Internal error', message: 'Internal error', code: 'INTERNAL' } }));
    renderDialog();
    const user = userEvent.setup();
    const dialog = await openForm();
    await fillValidForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Ride' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create ride request. Please try again.');
    expect(within(dialog).getByLabelText('Pickup address')).toHaveValue('Collegetown bus stop');
    expect(within(dialog).getByRole('button', { name: 'Request Ride' })).toBeEnabled();
  });

  it("puts the server's field messages next to their fields", async () => {
    signInLocally();
    // The server refuses the request, and the app logs it.
    allowConsoleErrors(/^Failed to create ride request ApiError: Invalid request$/);
    serve(() => ({
      status: 400,
      body: {
        error: 'Invalid request',
        message: 'Invalid request',
        code: 'VALIDATION_FAILED',
        details: [
          { path: 'body.from', message: 'is not a place of the cornell region' },
          { path: 'body.preferredPickupLat', message: 'must be at most 90' },
        ],
      },
    }));
    renderDialog();
    const user = userEvent.setup();
    const dialog = await openForm();
    await fillValidForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Ride' }));
    expect(await within(dialog).findByText('From is not a place of the cornell region')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('From')).toHaveAccessibleDescription('From is not a place of the cornell region');
    expect(within(dialog).getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    // A picked suggestion's coordinates answer under their address.
    expect(within(dialog).getByLabelText('Pickup address')).toHaveAccessibleDescription('Pickup address must be at most 90');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to create ride request. Please try again.');
  });

  it("shows the shared schema's rules before sending: the same place twice, a departure that has passed", async () => {
    signInLocally();
    const fetchMock = serve(() => ({ status: 201, body: rideRequest({ isOwn: true }) }));
    renderDialog();
    const user = userEvent.setup();
    const dialog = await openForm();
    await fillValidForm(user, dialog);
    const form = within(dialog);
    await user.selectOptions(form.getByLabelText('To'), 'Ithaca');
    await user.clear(form.getByLabelText('Date'));
    await user.type(form.getByLabelText('Date'), '2020-03-13');
    await user.click(form.getByRole('button', { name: 'Request Ride' }));
    expect(await form.findByText('To must differ from the departure place')).toBeInTheDocument();
    expect(form.getByLabelText('Time')).toHaveAccessibleDescription('Time must be in the future');
    expect(form.getByLabelText('Time')).toHaveAttribute('aria-invalid', 'true');
    expect(postedBodies(fetchMock)).toEqual([]);
  });

  it('on a 401 removes the stored user, says "Session Expired. Please log in again." and opens sign-in, without a reload', async () => {
    signInLocally();
    // The server refuses the expired session, and the app logs the refusal.
    allowConsoleErrors(/^Failed to create ride request ApiError: Session expired$/);
    const reload = vi.spyOn(browser, 'reloadAt').mockImplementation(() => undefined);
    serve(() => ({ status: 401, body: { error: 'Session expired', message: 'Session expired', code: 'TOKEN_EXPIRED' } }));
    renderDialog();
    const user = userEvent.setup();
    const dialog = await openForm();
    await fillValidForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request Ride' }));

    expect(await screen.findByText('Session Expired. Please log in again.')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Request a Ride' })).not.toBeInTheDocument();
    expect(localStorage.getItem('revy_user_cornell')).toBeNull();
    expect(localStorage.getItem('auth_token_cornell')).toBeNull();
    // One message, not the layout's general expiry toast as well.
    expect(screen.queryByText('Your session has expired. Please sign in again.')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('says "User not authenticated" when the user has gone by the time of submitting', async () => {
    signInLocally();
    const fetchMock = serve(() => ({ status: 201, body: rideRequest() }));
    renderDialog();
    const user = userEvent.setup();
    const dialog = await openForm();
    await fillValidForm(user, dialog);
    // Another tab signs out.
    localStorage.removeItem('auth_token_cornell');
    localStorage.removeItem('revy_user_cornell');
    window.dispatchEvent(new StorageEvent('storage', { key: 'revy_user_cornell' }));
    await user.click(within(dialog).getByRole('button', { name: 'Request Ride' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('User not authenticated');
    expect(postedBodies(fetchMock)).toEqual([]);
  });
});
