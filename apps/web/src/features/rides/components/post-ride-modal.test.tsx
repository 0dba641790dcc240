import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, signInLocally } from '../../../test/fake-server';
import { TEXTS } from '@carpool/shared/texts';
import { renderWithApp } from '../../../test/render-with-app';
import { rideFixture, rideWithStopsFixture } from '../test/ride-fixture';
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

describe('PostRideForm: stops and the suggested price', () => {
  const config = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };
  const onTheWay = [
    { place: 'binghamton', label: 'Binghamton', miles: 47.3 },
    { place: 'scranton', label: 'Scranton', miles: 103.9 },
  ];
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/New_York' } as Intl.ResolvedDateTimeFormatOptions);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function fillRoute(price: string) {
    const form = screen.getByRole('form', { name: 'Post a New Ride' });
    await userEvent.selectOptions(within(form).getByLabelText('From'), 'ithaca');
    await userEvent.selectOptions(within(form).getByLabelText('To'), 'new_york_city');
    // Friday 2099-03-13, 17:30 in New York (21:30 UTC).
    await userEvent.type(within(form).getByLabelText('Date'), '2099-03-13');
    await userEvent.type(within(form).getByLabelText('Time'), '17:30');
    await userEvent.type(within(form).getByLabelText('Price per seat ($)'), price);
    return form;
  }

  it('adds a suggested stop and one of its own, estimates their times from the distance, suggests a price, and sends the stops in UTC', async () => {
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/places/on-the-way': () => ({ body: onTheWay }),
      'GET /api/rides/price-suggestion': () => ({ body: { miles: 219.4, suggestedPrice: 38, warnAbove: 57, maxPrice: null } }),
      'POST /api/rides': () => ({ status: 201, body: rideWithStopsFixture() }),
    });
    const onDone = vi.fn();
    renderWithApp(<PostRideForm onDone={onDone} />);
    const form = await fillRoute('60');
    const price = within(form).getByLabelText('Price per seat ($)');
    expect(await within(form).findByText('Suggested: $38')).toBeInTheDocument();
    expect(price).toHaveAccessibleDescription(/Posting rides under \$40 helps more students join\. Suggested: \$38/);
    expect(within(form).getByText(/well above the suggested price for the distance \(over \$57\)/)).toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, '36');
    expect(within(form).queryByText(/well above the suggested price/)).toBeNull();

    // A suggestion on the way: its time is the departure plus 57 minutes of driving.
    await userEvent.click(within(form).getByRole('button', { name: 'Add stop: Binghamton' }));
    expect(within(form).getByLabelText('Stop 1')).toHaveValue('binghamton');
    expect(within(form).getByLabelText('Stop 1 Date')).toHaveValue('2099-03-13');
    await vi.waitFor(() => expect(within(form).getByLabelText('Stop 1 Time')).toHaveValue('18:27'));
    expect(within(form).queryByRole('button', { name: 'Add stop: Binghamton' })).toBeNull();

    // One of its own: the driver picks the place and changes the estimated time.
    await userEvent.click(within(form).getByRole('button', { name: 'Add a stop' }));
    await userEvent.selectOptions(within(form).getByLabelText('Stop 2'), 'scranton');
    await vi.waitFor(() => expect(within(form).getByLabelText('Stop 2 Time')).toHaveValue('19:41'));
    const second = within(form).getByLabelText('Stop 2 Time');
    await userEvent.clear(second);
    await userEvent.type(second, '19:00');
    // A later departure moves the estimated stop, not the one the driver timed.
    const time = within(form).getByLabelText('Time');
    await userEvent.clear(time);
    await userEvent.type(time, '17:45');
    await vi.waitFor(() => expect(within(form).getByLabelText('Stop 1 Time')).toHaveValue('18:42'));
    expect(within(form).getByLabelText('Stop 2 Time')).toHaveValue('19:00');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/rides/price-suggestion') && String(url).includes('stops=binghamton%2Cscranton'))).toBe(true),
    );

    await userEvent.click(within(form).getByRole('button', { name: 'Post Ride' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      date: '2099-03-13',
      time: '21:45',
      price: 36,
      stops: [
        { place: 'binghamton', date: '2099-03-13', time: '22:42' },
        { place: 'scranton', date: '2099-03-13', time: '23:00' },
      ],
    });
  });

  it("shows a stop's rule under its field before sending, lets the stop be removed, and stops at five", async () => {
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/places/on-the-way': () => ({ body: onTheWay }),
      'GET /api/rides/price-suggestion': () => ({ body: { miles: 219.4, suggestedPrice: 38, warnAbove: 57, maxPrice: null } }),
    });
    renderWithApp(<PostRideForm onDone={vi.fn()} />);
    const form = await fillRoute('30');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a stop' }));
    await userEvent.selectOptions(within(form).getByLabelText('Stop 1'), 'syracuse');
    const stopTime = within(form).getByLabelText('Stop 1 Time');
    await vi.waitFor(() => expect(stopTime).not.toHaveValue(''));
    await userEvent.clear(stopTime);
    await userEvent.type(stopTime, '17:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Post Ride' }));
    expect(await within(form).findByText('Must be after the departure.')).toBeInTheDocument();
    expect(stopTime).toHaveAttribute('aria-invalid', 'true');
    expect(stopTime).toHaveAccessibleDescription('Must be after the departure.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.click(within(form).getByRole('button', { name: 'Remove Syracuse' }));
    expect(within(form).queryByLabelText('Stop 1')).toBeNull();
    for (let count = 0; count < 5; count += 1) await userEvent.click(within(form).getByRole('button', { name: 'Add a stop' }));
    expect(within(form).getAllByTestId('ride-stop')).toHaveLength(5);
    expect(within(form).getByRole('button', { name: 'Add a stop' })).toBeDisabled();
    expect(within(form).queryByRole('group', { name: 'On the way' })).toBeNull();
  });

  it("shows the operator's cap refusing the price under the price", async () => {
    fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/places/on-the-way': () => ({ body: [] }),
      'GET /api/rides/price-suggestion': () => ({ body: { miles: 219.4, suggestedPrice: 38, warnAbove: 57, maxPrice: 76 } }),
      'POST /api/rides': () => ({
        status: 400,
        body: { error: 'The price per seat may be at most $76 on this route.', message: 'The price per seat may be at most $76 on this route.', code: 'PRICE_ABOVE_CAP' },
      }),
    });
    renderWithApp(<PostRideForm onDone={vi.fn()} />);
    const form = await fillRoute('80');
    expect(await within(form).findByText('The highest price per seat for this route is $76.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Post Ride' }));
    const price = within(form).getByLabelText('Price per seat ($)');
    await vi.waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(price).toHaveAccessibleDescription(/The price per seat may be at most \$76 on this route\./);
    expect(within(form).getByRole('alert')).toHaveTextContent(TEXTS.createRideFailed);
  });

  it("edits a ride's stops and shows the server's refusal to remove a stop where a passenger boards", async () => {
    const ride = rideWithStopsFixture({ canDelete: true });
    const answer = deferred<{ status: number; body: unknown }>();
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/places/on-the-way': () => ({ body: onTheWay }),
      'GET /api/rides/price-suggestion': () => ({ body: { miles: 219.4, suggestedPrice: 38, warnAbove: 57, maxPrice: null } }),
      [`PATCH /api/rides/${ride.id}`]: () => answer.promise,
    });
    renderWithApp(<PostRideForm onDone={vi.fn()} ride={ride} />);
    const form = screen.getByRole('form', { name: 'Edit ride' });
    expect(within(form).getByLabelText('Stop 1')).toHaveValue('binghamton');
    expect(within(form).getByLabelText('Stop 1 Time')).toHaveValue('11:30');
    expect(within(form).getByLabelText('Stop 2')).toHaveValue('scranton');
    const second = within(form).getByLabelText('Stop 2 Time');
    await userEvent.clear(second);
    await userEvent.type(second, '13:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove Binghamton' }));
    expect(within(form).getByLabelText('Stop 1')).toHaveValue('scranton');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ stops: [{ place: 'scranton', date: '2099-03-12', time: '17:00' }] });
    answer.resolve({
      status: 409,
      body: { error: 'A passenger boards at Binghamton: that stop stays.', message: 'A passenger boards at Binghamton: that stop stays.', code: 'STOP_IN_USE' },
    });
    expect(await within(form).findByRole('alert')).toHaveTextContent('A passenger boards at Binghamton: that stop stays.');
  });
});
