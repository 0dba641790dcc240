import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, signInLocally } from '../../../test/fake-server';
import { TEXTS } from '@carpool/shared/texts';
import { renderWithApp } from '../../../test/render-with-app';
import { rideFixture } from '../test/ride-fixture';
import { PostRideForm } from './post-ride-modal';

describe('PostRideForm: Repeat weekly', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/New_York' } as Intl.ResolvedDateTimeFormatOptions);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function fillRide() {
    const form = screen.getByRole('form', { name: 'Post a New Ride' });
    await userEvent.selectOptions(within(form).getByLabelText('From'), 'ithaca');
    await userEvent.selectOptions(within(form).getByLabelText('To'), 'new_york_city');
    // Friday 2099-03-13, 17:30 in New York.
    await userEvent.type(within(form).getByLabelText('Date'), '2099-03-13');
    await userEvent.type(within(form).getByLabelText('Time'), '17:30');
    await userEvent.type(within(form).getByLabelText('Price per seat ($)'), '20');
    return form;
  }

  it('offers weekday toggles starting with the day of the ride, checks the shared rules, and says how many rides were created', async () => {
    const created = { ...rideFixture(), seriesId: '5e9d3c2b-1a0f-4e8d-9c7b-6a5f4e3d2c1b', occurrencesCreated: 9 };
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null } }),
      'POST /api/rides': () => ({ status: 201, body: created }),
    });
    const onDone = vi.fn();
    renderWithApp(<PostRideForm onDone={onDone} />);
    const form = await fillRide();
    expect(within(form).queryByRole('group', { name: 'Repeat on' })).toBeNull();
    await userEvent.click(within(form).getByLabelText('Repeat weekly'));
    const days = within(form).getByRole('group', { name: 'Repeat on' });
    const toggles = within(days).getAllByRole('button');
    expect(toggles.map((toggle) => toggle.getAttribute('aria-label'))).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(toggles.filter((toggle) => toggle.getAttribute('aria-pressed') === 'true').map((toggle) => toggle.textContent)).toEqual(['Fri']);

    // Without the first ride's weekday, and with an end more than 26 weeks on, the form refuses.
    await userEvent.click(within(days).getByRole('button', { name: 'Friday' }));
    await userEvent.click(within(days).getByRole('button', { name: 'Monday' }));
    await userEvent.type(within(form).getByLabelText('Until'), '2099-09-12');
    await userEvent.click(within(form).getByRole('button', { name: 'Post Ride' }));
    expect(await within(form).findByText('Choose the weekdays, including the day of the first ride.')).toBeInTheDocument();
    expect(within(form).getByText('Choose an end date from the first ride to 26 weeks after it.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Until')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.click(within(days).getByRole('button', { name: 'Friday' }));
    const until = within(form).getByLabelText('Until');
    await userEvent.clear(until);
    await userEvent.type(until, '2099-05-15');
    await userEvent.click(within(form).getByRole('button', { name: 'Post Ride' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ date: '2099-03-13', time: '21:30', repeat: { weekdays: [1, 5], until: '2099-05-15' } });
    expect(await screen.findByText('Your weekly ride has been posted: 9 rides created.')).toBeInTheDocument();
  });

  it("shows the shared schema's rule before sending, Posting... while sending, and a server 400 detail under its field", async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null } }),
      'POST /api/rides': () => answer.promise,
    });
    const onDone = vi.fn();
    renderWithApp(<PostRideForm onDone={onDone} />);
    const form = await fillRide();
    const price = within(form).getByLabelText('Price per seat ($)');
    await userEvent.clear(price);
    await userEvent.type(price, '0.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Post Ride' }));
    expect(await within(form).findByText('The price must be from $1 to $200, with at most 2 decimals.')).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(/The price must be from \$1 to \$200, with at most 2 decimals\./);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.clear(price);
    await userEvent.type(price, '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Post Ride' }));
    expect(await within(form).findByRole('button', { name: 'Posting...' })).toBeDisabled();
    answer.resolve({
      status: 400,
      body: { error: 'Invalid request: body.from is not a place of the cornell region', message: 'Invalid request: body.from is not a place of the cornell region', code: 'VALIDATION_FAILED', details: [{ path: 'body.from', message: 'is not a place of the cornell region' }] },
    });
    expect(await within(form).findByRole('alert')).toHaveTextContent(TEXTS.createRideFailed);
    expect(within(form).getByLabelText('From')).toHaveAccessibleDescription('is not a place of the cornell region');
    expect(within(form).getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('button', { name: 'Post Ride' })).toBeEnabled();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('PostRideForm: editing a ride', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/New_York' } as Intl.ResolvedDateTimeFormatOptions);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is prefilled in the viewer zone, sends only the changes, and puts the server\'s time rule under Time', async () => {
    const ride = rideFixture({ date: '2099-03-12', time: '14:30', departsAt: '2099-03-12T14:30:00.000Z', price: 25 });
    const answer = deferred<{ status: number; body: unknown }>();
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null } }),
      [`PATCH /api/rides/${ride.id}`]: () => answer.promise,
    });
    renderWithApp(<PostRideForm onDone={vi.fn()} ride={ride} />);
    const form = screen.getByRole('form', { name: 'Edit ride' });
    expect(within(form).getByLabelText('From')).toBeDisabled();
    expect(within(form).getByLabelText('From')).toHaveValue('ithaca');
    expect(within(form).getByLabelText('Date')).toHaveValue('2099-03-12');
    expect(within(form).getByLabelText('Time')).toHaveValue('10:30');
    expect(within(form).queryByLabelText('Repeat weekly')).toBeNull();

    // Seats out of the shared schema's range cannot be chosen; an emptied time is refused before sending.
    const time = within(form).getByLabelText('Time');
    await userEvent.clear(time);
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Choose the departure time.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await userEvent.type(time, '11:45');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ date: '2099-03-12', time: '15:45' });
    answer.resolve({
      status: 400,
      body: { error: 'Invalid request: body.time the departure must be in the future', message: 'Invalid request: body.time the departure must be in the future', code: 'VALIDATION_FAILED', details: [{ path: 'body.time', message: 'the departure must be in the future' }] },
    });
    expect(await within(form).findByRole('alert')).toHaveTextContent('the departure must be in the future');
    expect(within(form).getByLabelText('Time')).toHaveAccessibleDescription('the departure must be in the future');
  });
});

describe('PostRideForm: notes', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('wraps a long unbroken note inside the dialog and keeps its remove button beside it', async () => {
    fakeServer({ 'GET /api/config': () => ({ body: { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null } }) });
    renderWithApp(<PostRideForm onDone={vi.fn()} />);
    const form = screen.getByRole('form', { name: 'Post a New Ride' });
    const longNote = 'x'.repeat(300);
    await userEvent.click(within(form).getByLabelText('New note'));
    await userEvent.paste(longNote);
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));

    const remove = within(form).getByRole('button', { name: `Remove note: ${longNote}` });
    const text = within(form).getByText(longNote);
    // jsdom lays nothing out: these are what let the text break in a browser. A flex item is never
    // narrower than its content without min-w-0, and overflow-wrap:anywhere lets a word without
    // spaces break (break-word alone leaves the item's min-content width at the whole word); the
    // fieldset is min-content wide by default as well.
    expect(text).toHaveClass('min-w-0', 'flex-1', '[overflow-wrap:anywhere]');
    expect(remove).toHaveClass('shrink-0');
    expect(text.parentElement).toBe(remove.parentElement);
    expect(within(form).getByRole('group', { name: 'Notes' })).toHaveClass('min-w-0');

    await userEvent.click(remove);
    expect(within(form).queryByText(longNote)).toBeNull();
  });
});
