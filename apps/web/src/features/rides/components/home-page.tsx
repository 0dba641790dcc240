import type { College } from '@carpool/shared/colleges';
import { WINDOW_EVENTS } from '@carpool/shared/constants';
import { TAGLINE } from '@carpool/shared/regions';
import type { Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { memo, Suspense, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogLoading, DialogUnavailable } from '../../../components/ui/dialog-loading';
import { Spinner } from '../../../components/ui/spinner';
import { tabPanelProps, Tabs, type TabItem } from '../../../components/ui/tabs';
import { lazyWithReload } from '../../../lib/lazy-with-reload';
import { dispatchWindowEvent, openAuthModal } from '../../../lib/window-events';
import { useCollegeName, useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { dayCountFiltersOf, useRideDayCounts, useRidesHiddenByCollege } from '../api/get-ride-day-counts';
import { useRides } from '../api/get-rides';
import { useUserRides } from '../api/get-user-rides';
import { useNow } from '../hooks/use-now';
import { useProgressiveCount } from '../hooks/use-progressive-count';
import { useRideSearch } from '../hooks/use-ride-search';
import { cardClasses } from './field-classes';
import { DateCarousel } from './date-carousel';
import { RideCard } from './ride-card';
import { useLinkedRide } from '../hooks/use-linked-ride';
import type { RideChatSlot } from './ride-slots';
import { SearchPanel } from './search-panel';
import { RegionPicker } from '../../../components/region-picker';

// Leaflet is only needed once someone opens the map.
const RidesMap = lazyWithReload(
  () => import('./rides-map').then((module) => module.RidesMap),
  () => (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      The map could not be loaded. Reload the page to try again.
    </p>
  ),
);
// "Rides I Posted", which gathers a weekly series under one card, loads with that tab.
const PostedRideList = lazyWithReload(() => import('./posted-ride-list').then((module) => module.PostedRideList));
// The detail dialog (booking, participants, the chat slot) is loaded when a ride is first opened.
const RideDetailModal = lazyWithReload(() => import('./ride-detail-modal').then((module) => module.RideDetailModal), DialogUnavailable);

type HomeTab = 'all' | 'posted' | 'requests';
type View = 'list' | 'map';

/** The list of a search that has no answer yet: one array, so that the memoized list sees no change. */
const NO_RIDES: readonly Ride[] = [];

/** The search filters the "All Ride Requests" tab shares with the ride list. */
export interface RequestsPanelFilters {
  from: string;
  to: string;
  date: string;
}

interface HomePageProps {
  /**
   * The "All Ride Requests" tab's content (heading, count and list), filled by the app layer:
   * another feature owns ride requests, and features do not import each other.
   */
  requestsPanel?: (filters: RequestsPanelFilters) => ReactNode;
  /** The ride chat inside the detail dialog, filled by the app layer. */
  chatSlot?: RideChatSlot;
  /**
   * Drawn behind a dialog that covers it for good (the sign-in dialog of /login, which leaves for
   * another page when it closes): the hero, search and carousel only, as the static shell draws
   * them; the rides are neither asked for nor drawn.
   */
  behindDialog?: boolean;
}

export function HomePage({ requestsPanel, chatSlot, behindDialog = false }: HomePageProps) {
  const { detail } = useRegion();
  const { user, isSignedIn } = useSession();
  const search = useRideSearch();
  const [tabChoice, setTab] = useState<HomeTab>('all');
  // Signing out while on another tab returns to All Rides (spec section 2), and stays there
  // when the user signs in again.
  const [wasSignedIn, setWasSignedIn] = useState(isSignedIn);
  if (wasSignedIn !== isSignedIn) {
    setWasSignedIn(isSignedIn);
    if (!isSignedIn) setTab('all');
  }
  const tab: HomeTab = isSignedIn ? tabChoice : 'all';
  const [view, setView] = useState<View>('list');
  const [opened, setOpened] = useState<Ride | null>(null);
  const { linkedRideId, clearLinkedRide } = useLinkedRide();
  const openedId = opened?.id ?? linkedRideId;
  const closeRide = () => {
    setOpened(null);
    clearLinkedRide();
  };

  const rides = useRides(search.filters, !behindDialog);
  const counts = useRideDayCounts(dayCountFiltersOf(search.filters, search.windowStart));
  const posted = useUserRides(tab === 'posted' && user ? user.id : null);
  const now = useNow();
  const postedUpcoming = useMemo(
    () =>
      (posted.data ?? [])
        .filter((ride) => ride.status === 'active' && new Date(ride.departsAt).getTime() > now)
        .sort((a, b) => a.departsAt.localeCompare(b.departsAt)),
    [posted.data, now],
  );

  const tabs: TabItem<HomeTab>[] = useMemo(
    () => [
      { id: 'all', label: 'All Rides' },
      { id: 'posted', label: 'Rides I Posted', disabled: !isSignedIn, hint: TEXTS.rides.signInToSeeRides },
      { id: 'requests', label: 'All Ride Requests', disabled: !isSignedIn, hint: TEXTS.rides.signInToSeeRequests },
    ],
    [isSignedIn],
  );
  const current = tab === 'posted' ? posted : rides;
  const shown = tab === 'posted' ? postedUpcoming : (rides.data ?? NO_RIDES);
  const hiddenByCollege = useRidesHiddenByCollege(search.filters, search.today);
  const { setFilters } = search;
  const showAllColleges = useCallback(() => setFilters({ colleges: [] }), [setFilters]);
  const { refetch: refetchRides } = rides;
  const { refetch: refetchCounts } = counts;
  const searchAgain = useCallback(() => {
    void refetchRides();
    void refetchCounts();
  }, [refetchRides, refetchCounts]);

  // React Query re-renders this page synchronously (a store's change is never a transition) each
  // time one of its queries starts or ends. The results are drawn from a deferred copy, so such a
  // render leaves the list as it is (memoized, like the search panel, carousel and tabs) and the
  // new cards render afterwards in an interruptible render (bench/README.md, "ninth look").
  const state = current.isPending ? 'loading' : current.isError ? 'error' : 'ready';
  // Everything the results draw is in it, so that they never mix one tab's list with another's hint.
  const shownHidden = tab === 'posted' ? null : hiddenByCollege;
  const results = useMemo(
    () => ({ state, rides: shown, counted: current.isSuccess, posted: tab === 'posted', hiddenByCollege: shownHidden }) as const,
    [state, shown, current.isSuccess, tab, shownHidden],
  );
  const shownResults = useDeferredValue(results);

  return (
    <div className="space-y-8">
      <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-3 pb-3 pt-8 text-white shadow-lg sm:px-8 sm:pb-6 sm:pt-10">
        <div aria-hidden="true" className="absolute -right-16 -top-16 h-64 w-64 rounded-full bg-white/10" />
        <div aria-hidden="true" className="absolute -bottom-20 right-24 h-48 w-48 rounded-full bg-white/5" />
        <div className="relative max-w-2xl px-2 sm:px-0">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{TAGLINE}</h1>
          <p className="mt-3 flex flex-wrap items-center gap-2 text-base text-white/90 sm:text-lg">
            <span>{detail.subtitle}</span>
            <span className="rounded-full bg-white/20 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider ring-1 ring-white/40">
              {TEXTS.betaTag}
            </span>
          </p>
        </div>
        <div className="relative mt-6 space-y-4 rounded-2xl bg-white p-3 text-slate-900 shadow-xl sm:p-5 dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700">
          <SearchPanel values={search.filters} minDate={search.today} onChange={setFilters} onSearch={searchAgain} searching={rides.isFetching} />
          <ActiveCollegeFilter colleges={search.filters.colleges} hidden={hiddenByCollege} onClear={showAllColleges} />
          <DateCarousel
            start={search.windowStart}
            today={search.today}
            selected={search.filters.date}
            counts={counts.data}
            onShift={search.shift}
            onSelect={search.toggleDay}
          />
        </div>
      </section>

      <RegionPicker />

      {behindDialog ? null : (
        <section className="space-y-5" aria-label="Rides and ride requests">
          <Tabs label="Rides" idPrefix="home" tabs={tabs} selected={tab} onSelect={setTab} fit />
          <div {...tabPanelProps('home', tab)} className="space-y-5">
            {tab === 'requests' ? (
              (requestsPanel?.({ from: search.filters.from, to: search.filters.to, date: search.filters.date }) ?? null)
            ) : (
              <>
                <div className="flex flex-wrap items-end justify-between gap-3">
                  <div>
                    <h2 id="rides-heading" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
                      {TEXTS.rides.upcomingRides}
                    </h2>
                    {shownResults.counted ? (
                      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
                        {TEXTS.rides.showingCount(shownResults.rides.length)}
                      </p>
                    ) : null}
                  </div>
                  <ViewToggle view={view} onChange={setView} />
                </div>
                <RideResults
                  state={shownResults.state}
                  rides={shownResults.rides}
                  view={view}
                  posted={shownResults.posted}
                  emptyHint={shownResults.posted ? 'Post a ride from the header to see it here.' : 'Try another day, place or college.'}
                  hiddenByCollege={shownResults.hiddenByCollege}
                  onShowAllColleges={showAllColleges}
                  onRequestRide={
                    shownResults.posted
                      ? null
                      : () => {
                          const prefill = { from: search.filters.from, to: search.filters.to, date: search.filters.date };
                          if (isSignedIn) dispatchWindowEvent(WINDOW_EVENTS.openRequestRide, prefill);
                          else openAuthModal();
                        }
                  }
                  viewerId={user?.id ?? null}
                  onOpen={setOpened}
                />
              </>
            )}
          </div>
        </section>
      )}

      {openedId ? (
        <Suspense fallback={<DialogLoading />}>
          <RideDetailModal rideId={openedId} initialRide={opened ?? undefined} onClose={closeRide} chatSlot={chatSlot} />
        </Suspense>
      ) : null}
    </div>
  );
}

interface RideResultsProps {
  state: 'loading' | 'error' | 'ready';
  rides: readonly Ride[];
  view: View;
  /** The user's own upcoming rides: a weekly series is one card. */
  posted: boolean;
  emptyHint: string;
  /** How many rides the college filter hides; null when unknown or without one. */
  hiddenByCollege: number | null;
  onShowAllColleges: () => void;
  /** An empty search offers a ride request for the same places and day (alerts match it); null on "Posted". */
  onRequestRide: (() => void) | null;
  viewerId: string | null;
  onOpen: (ride: Ride) => void;
}

/**
 * Says which colleges the list is limited to (the user's own, or their last choice, by default),
 * how many rides of other colleges it leaves out, and gives a way out in one click.
 */
const ActiveCollegeFilter = memo(function ActiveCollegeFilter({
  colleges,
  hidden,
  onClear,
}: {
  colleges: readonly College[];
  hidden: number | null;
  onClear: () => void;
}) {
  const collegeName = useCollegeName();
  if (colleges.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="active-filters">
      <span className="text-slate-600 dark:text-slate-300">Showing rides from</span>
      {colleges.map((college) => (
        <span key={college} className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800 ring-1 ring-brand-200 dark:bg-brand-950/60 dark:text-brand-200 dark:ring-brand-800">
          {collegeName(college)}
        </span>
      ))}
      <span aria-live="polite" className="text-slate-600 dark:text-slate-300">
        {hidden ? `· ${TEXTS.rides.moreFromOtherColleges(hidden)}` : null}
      </span>
      <Button size="sm" variant="ghost" onClick={onClear}>
        All colleges
      </Button>
    </div>
  );
});

/** Memoized: a render of the page for an answer that changes none of its props leaves it alone. */
const RideResults = memo(function RideResults({ state, rides, view, posted, emptyHint, hiddenByCollege, onShowAllColleges, onRequestRide, viewerId, onOpen }: RideResultsProps) {
  if (state === 'loading') {
    return (
      <div className="flex justify-center py-12">
        <Spinner size="lg" label="Loading rides" />
      </div>
    );
  }
  if (state === 'error') {
    return (
      <p role="alert" className="rounded-2xl bg-red-50 p-4 text-sm font-medium text-red-800 dark:bg-red-950/50 dark:text-red-200">
        {TEXTS.fetchRidesFailed}
      </p>
    );
  }
  if (view === 'map') {
    return (
      <Suspense fallback={<Spinner size="lg" label="Loading map" />}>
        <RidesMap rides={rides} onOpen={onOpen} />
      </Suspense>
    );
  }
  if (rides.length === 0) {
    return (
      <div className={`${cardClasses} p-10 text-center`}>
        <p className="text-base font-semibold text-slate-900 dark:text-white">No rides found</p>
        {hiddenByCollege ? (
          <>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{TEXTS.rides.moreFromOtherColleges(hiddenByCollege)}, hidden by the college filter.</p>
            <Button size="sm" variant="secondary" className="mt-3" onClick={onShowAllColleges}>
              Show all colleges
            </Button>
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{emptyHint}</p>
        )}
        {onRequestRide ? (
          <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
            <p className="text-sm text-slate-600 dark:text-slate-300">{TEXTS.rides.requestInstead}</p>
            <Button size="sm" className="mt-3" onClick={onRequestRide}>
              {TEXTS.rides.postRequestForSearch}
            </Button>
          </div>
        ) : null}
      </div>
    );
  }
  if (posted) {
    return (
      <Suspense fallback={<Spinner size="lg" label="Loading rides" />}>
        <PostedRideList rides={rides} viewerId={viewerId} onOpen={onOpen} />
      </Suspense>
    );
  }
  return <RideCardList rides={rides} viewerId={viewerId} onOpen={onOpen} />;
});

/**
 * The cards, rendered a few at a time (useProgressiveCount). A card off screen is not laid out or
 * painted until it comes near the viewport (content-visibility), so each batch stays cheap.
 */
function RideCardList({ rides, viewerId, onOpen }: Pick<RideResultsProps, 'rides' | 'viewerId' | 'onOpen'>) {
  const count = useProgressiveCount(rides.length);
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {rides.slice(0, count).map((ride) => (
        <li key={ride.id} className="[contain-intrinsic-size:auto_18rem] [content-visibility:auto]">
          <RideCard ride={ride} viewerId={viewerId} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const item = (id: View, label: string) => (
    <button
      type="button"
      aria-pressed={view === id}
      onClick={() => onChange(id)}
      className={`rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 ${
        view === id ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-900 dark:text-brand-300' : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Show rides as" className="flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
      {item('list', 'List')}
      {item('map', 'Map')}
    </div>
  );
}
