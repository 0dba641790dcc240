import { DAY_COUNTS_MAX_DAYS, STORAGE_KEYS, WINDOW_EVENTS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import { addDays } from '@carpool/shared/time-zones';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { useNavigate } from 'react-router';
import { viewerToday } from '../../../lib/viewer-time-zone';
import { renderWithApp } from '../../../test/render-with-app';
import { rideFixture } from '../test/ride-fixture';
import { HomePage } from './home-page';

const config = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };

const cornellRide = rideFixture();

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

describe('HomePage', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('searches with the signed-in user college by default', async () => {
    signInLocally('cornell', { ...testUser, college: 'ithaca' });
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    renderWithApp(<HomePage />);
    expect(await screen.findByText(TEXTS.rides.showingCount(0))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'College Ithaca' })).toBeInTheDocument();
    const search = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).find((url) => url.pathname === '/api/rides/getall');
    expect(search?.searchParams.getAll('colleges')).toEqual(['ithaca']);
    expect(search?.searchParams.get('timezone')).toBeTruthy();
  });

  it('disables the personal tabs with their hints when signed out and shows fetch failures', async () => {
    fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ status: 500, body: { error: 'boom', message: 'boom', code: 'INTERNAL' } }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    renderWithApp(<HomePage requestsPanel={() => <p>requests</p>} />);
    expect(screen.getByRole('tab', { name: /Rides I Posted/ })).toBeDisabled();
    expect(screen.getByRole('tab', { name: /Rides I Posted/ })).toHaveAttribute('title', TEXTS.rides.signInToSeeRides);
    expect(screen.getByRole('tab', { name: /All Ride Requests/ })).toHaveAttribute('title', TEXTS.rides.signInToSeeRequests);
    expect(screen.getByRole('button', { name: 'College College' })).toBeInTheDocument();
    // A 500 is asked again twice (1 s, then 2 s later) before the page gives up: the default wait (10 s) covers it on a busy machine.
    expect(await screen.findByText(TEXTS.fetchRidesFailed)).toBeInTheDocument();
  });

  it('offers a ride request for the searched places and day when no ride matches, and asks a signed-out visitor to sign in', async () => {
    signInLocally('cornell', { ...testUser, college: 'cornell' });
    fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    const opened: unknown[] = [];
    const listener = (event: Event) => opened.push((event as CustomEvent).detail);
    window.addEventListener(WINDOW_EVENTS.openRequestRide, listener);
    try {
      renderWithApp(<HomePage />);
      expect(await screen.findByText(TEXTS.rides.requestInstead)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: TEXTS.rides.postRequestForSearch }));
      expect(opened).toEqual([{ from: '', to: '', date: '' }]);
    } finally {
      window.removeEventListener(WINDOW_EVENTS.openRequestRide, listener);
    }
  });
  it('says how many rides the college filter hides, from the day counts, and shows them in one click', async () => {
    signInLocally('cornell', { ...testUser, college: 'ithaca' });
    const asked = (init: string) => new URL(init, 'http://localhost');
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => {
        // The handler answers the call being made, the last one recorded.
        const url = asked(String(fetchMock.mock.calls.at(-1)?.[0]));
        return { body: url.searchParams.getAll('colleges').length > 0 ? [] : [cornellRide] };
      },
      'GET /api/rides/day-counts': () => {
        const url = asked(String(fetchMock.mock.calls.at(-1)?.[0]));
        const days = Number(url.searchParams.get('days'));
        const count = url.searchParams.getAll('colleges').length > 0 ? 0 : 3;
        return { body: Array.from({ length: days }, (_, index) => ({ date: `2099-01-${String(index + 1).padStart(2, '0')}`, count: index === 1 ? count : 0 })) };
      },
    });
    const { router } = renderWithApp(<HomePage />);
    const active = await screen.findByTestId('active-filters');
    expect(active).toHaveTextContent(/Showing rides from\s*Ithaca/);
    expect(await within(active).findByText(`· ${TEXTS.rides.moreFromOtherColleges(3)}`)).toBeInTheDocument();
    expect(await screen.findByText(`${TEXTS.rides.moreFromOtherColleges(3)}, hidden by the college filter.`)).toBeInTheDocument();
    // Counted over the next 31 days, no ride loaded for it.
    const countCalls = fetchMock.mock.calls.map(([url]) => asked(String(url))).filter((url) => url.pathname === '/api/rides/day-counts');
    expect(countCalls.some((url) => url.searchParams.get('days') === String(DAY_COUNTS_MAX_DAYS) && !url.searchParams.has('colleges'))).toBe(true);
    await userEvent.click(within(active).getByRole('button', { name: 'All colleges' }));
    expect(await screen.findByRole('article', { name: 'Ithaca → Boston' })).toBeInTheDocument();
    expect(screen.queryByTestId('active-filters')).toBeNull();
    expect(router.state.location.search).toBe('?colleges=all');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.collegeFilter('cornell'))!)).toEqual([]);
  });

  it("remembers the college choice per region, over the user's own college", async () => {
    signInLocally('cornell', { ...testUser, college: 'ithaca' });
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    const first = renderWithApp(<HomePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'College Ithaca' }));
    const panel = await screen.findByRole('dialog', { name: 'Colleges' });
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Syracuse' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Ithaca' }));
    expect(first.router.state.location.search).toBe('?colleges=syracuse');
    first.unmount();

    fetchMock.mockClear();
    // A new visit, without the choice in the address: the remembered one applies.
    renderWithApp(<HomePage />);
    expect(await screen.findByRole('button', { name: 'College Syracuse' })).toBeInTheDocument();
    await screen.findByText(TEXTS.rides.showingCount(0));
    const search = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).find((url) => url.pathname === '/api/rides/getall');
    expect(search?.searchParams.getAll('colleges')).toEqual(['syracuse']);
    expect(localStorage.getItem(STORAGE_KEYS.collegeFilter('nj'))).toBeNull();
  });

  it('reads every filter from the address, sends them, and writes each change back as a history entry', async () => {
    const day = addDays(viewerToday(), 3);
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    const { router } = renderWithApp(
      <>
        <HomePage />
        <BackButton />
      </>,
      { path: `/?from=ithaca&to=boston&date=${day}&colleges=cornell&colleges=syracuse&sort=price&seats=2&suitcases=1&verifiedDrivers=true&ride=nonsense` },
    );
    await screen.findByText(TEXTS.rides.showingCount(0));
    const searches = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((url) => url.pathname === '/api/rides/getall');
    const sent = searches().at(-1)!.searchParams;
    expect(Object.fromEntries([...sent].filter(([key]) => key !== 'colleges' && key !== 'timezone'))).toEqual({
      from: 'ithaca',
      to: 'boston',
      startDate: day,
      endDate: day,
      sort: 'price',
      seats: '2',
      suitcases: '1',
      verifiedDrivers: 'true',
    });
    expect(sent.getAll('colleges')).toEqual(['cornell', 'syracuse']);
    const dayCounts = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).find((url) => url.pathname === '/api/rides/day-counts');
    expect(dayCounts?.searchParams.get('seats')).toBe('2');
    expect(dayCounts?.searchParams.has('sort')).toBe(false);

    const form = screen.getByRole('search', { name: 'Find a ride' });
    expect(within(form).getByLabelText('Departing from')).toHaveValue('ithaca');
    expect(within(form).getByLabelText('Date')).toHaveValue(day);
    expect(within(form).getByRole('button', { name: 'College 2 Colleges' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Sort')).toHaveValue('price');
    expect(within(form).getByLabelText('Free seats')).toHaveValue('2');
    expect(within(form).getByLabelText('Suitcase room')).toHaveValue('1');
    expect(within(form).getByLabelText('Verified drivers only')).toBeChecked();

    await userEvent.selectOptions(within(form).getByLabelText('Sort'), 'departure');
    await userEvent.click(within(form).getByLabelText('Verified drivers only'));
    await userEvent.selectOptions(within(form).getByLabelText('Free seats'), '0');
    // Defaults leave the address; what the page does not own (an opened ride) stays.
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(
      `from=ithaca&to=boston&date=${day}&colleges=cornell&colleges=syracuse&suitcases=1&ride=nonsense`,
    );
    await vi.waitFor(() => expect(searches().at(-1)!.searchParams.has('sort')).toBe(false));

    // Back undoes the last change.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(within(form).getByLabelText('Free seats')).toHaveValue('2');
    expect(within(form).getByLabelText('Verified drivers only')).not.toBeChecked();
  });

  it('leaves out what it does not know in the address', async () => {
    fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    renderWithApp(<HomePage />, { path: '/?from=atlantis&date=2001-01-01&colleges=harvard&sort=cheapest&seats=99&suitcases=-1&verifiedDrivers=yes' });
    await screen.findByText(TEXTS.rides.showingCount(0));
    const form = screen.getByRole('search', { name: 'Find a ride' });
    expect(within(form).getByLabelText('Departing from')).toHaveValue('');
    expect(within(form).getByLabelText('Date')).toHaveValue('');
    expect(within(form).getByRole('button', { name: 'College College' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Sort')).toHaveValue('departure');
    expect(within(form).getByLabelText('Free seats')).toHaveValue('0');
    expect(within(form).getByLabelText('Suitcase room')).toHaveValue('0');
    expect(within(form).getByLabelText('Verified drivers only')).not.toBeChecked();
  });

  it('gathers a weekly series under one card on "Rides I Posted"', async () => {
    signInLocally('cornell', testUser);
    const seriesId = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
    const occurrence = (n: number, day: string) =>
      rideFixture({ id: `00000000-0000-4000-8000-00000000000${n}`, departsAt: `${day}T14:30:00.000Z`, date: day, seriesId, driver: { ...cornellRide.driver!, id: testUser.id } });
    fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
      [`GET /api/rides/user/${testUser.id}`]: () => ({ body: [occurrence(3, '2099-03-26'), occurrence(2, '2099-03-19'), occurrence(1, '2099-03-12'), rideFixture({ to: 'buffalo', departsAt: '2099-04-01T10:00:00.000Z', driver: { ...cornellRide.driver!, id: testUser.id } })] }),
    });
    renderWithApp(<HomePage />);
    await userEvent.click(await screen.findByRole('tab', { name: /Rides I Posted/ }));
    const series = await screen.findByRole('article', { name: 'Weekly ride: Ithaca → Boston' });
    expect(within(within(series).getByRole('list', { name: 'Dates' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Weekly ride: Ithaca → Boston', 'Ithaca → Buffalo']);
  });
});
