import type { Booking } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { DialogLoading, DialogUnavailable } from '../../../components/ui/dialog-loading';
import { Spinner } from '../../../components/ui/spinner';
import { tabPanelProps, Tabs, type TabItem } from '../../../components/ui/tabs';
import { useToast } from '../../../components/ui/toast';
import { lazyWithReload, preloadOnIntent } from '../../../lib/lazy-with-reload';
import { useSession } from '../../../lib/session';
import { useCancelBooking } from '../api/cancel-booking';
import { useUserBookings } from '../api/get-user-bookings';
import { useUserRides } from '../api/get-user-rides';
import { cardClasses } from './field-classes';
import { BookedRideCard, bookingTimes, PostedRideCard } from './my-ride-cards';
import { BookedSeriesCard, PostedSeriesCard } from './my-series-cards';
import { useLinkedRide } from '../hooks/use-linked-ride';
import { useNow } from '../hooks/use-now';
import { myRidesSections, placeOfRide, type MyRidesSections, type RideCardGroup } from '../utils/my-rides-sections';
import type { RideChatSlot } from './ride-slots';

// The ride's dialog (booking, participants, the edit form's code) and the confirmation load when
// first needed, the dialog as soon as a card is pointed at or focused (docs/decisions/web-code-splitting.md).
const RideDetailModal = lazyWithReload(() => import('./ride-detail-modal').then((module) => module.RideDetailModal), DialogUnavailable);
const ConfirmDialog = lazyWithReload(() => import('../../../components/ui/confirm-dialog').then((module) => module.ConfirmDialog), DialogUnavailable);

type MyRidesTab = 'posted' | 'booked' | 'requests';

interface MyRidesPageProps {
  /** The "My Ride Requests" tab's content, filled by the app layer (another feature owns it). */
  requestsPanel?: ReactNode;
  chatSlot?: RideChatSlot;
}

function Empty({ text }: { text: string }) {
  return (
    <div className={`${cardClasses} p-10 text-center text-sm text-slate-600 dark:text-slate-300`}>
      <p>{text}</p>
    </div>
  );
}

/**
 * Upcoming rides, soonest first, then "Past rides", newest first; a weekly series is one card in
 * each (docs/decisions/my-rides-order-and-series.md).
 */
function RideSections<T>({ sections, renderGroup }: { sections: MyRidesSections<T>; renderGroup: (group: RideCardGroup<T>) => ReactNode }) {
  const upcomingId = useId();
  const pastId = useId();
  const list = (groups: RideCardGroup<T>[]) => (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" {...preloadOnIntent(RideDetailModal)}>
      {groups.map((group) => (
        <li key={group.key}>{renderGroup(group)}</li>
      ))}
    </ul>
  );
  return (
    <div className="space-y-8">
      <section aria-labelledby={upcomingId} className="space-y-4">
        <h2 id={upcomingId} className="text-lg font-bold text-slate-900 dark:text-white">
          {TEXTS.rides.upcomingSection}
        </h2>
        {sections.upcoming.length > 0 ? list(sections.upcoming) : <p className="text-sm text-slate-600 dark:text-slate-300">No upcoming rides.</p>}
      </section>
      {sections.past.length > 0 ? (
        <section aria-labelledby={pastId} className="space-y-4">
          <h2 id={pastId} className="text-lg font-bold text-slate-900 dark:text-white">
            {TEXTS.rides.pastRides}
          </h2>
          {list(sections.past)}
        </section>
      ) : null}
    </div>
  );
}

/** A booking's place in My Rides: when its passenger boards, and its series for the same part of the route. */
const placeOfBooking = (booking: Booking) => ({
  id: booking.id,
  departsAt: bookingTimes(booking).boards,
  seriesKey: booking.ride.seriesId ? `${booking.ride.seriesId}:${booking.from}:${booking.to}` : null,
  seriesId: booking.ride.seriesId,
});

export function MyRidesPage({ requestsPanel, chatSlot }: MyRidesPageProps) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [tab, setTab] = useState<MyRidesTab>('posted');
  const [opened, setOpened] = useState<Ride | null>(null);
  const { linkedRideId, clearLinkedRide } = useLinkedRide();
  const openedId = opened?.id ?? linkedRideId;
  const closeRide = () => {
    setOpened(null);
    clearLinkedRide();
  };
  const posted = useUserRides(userId);
  const booked = useUserBookings(userId);
  const cancelBooking = useCancelBooking();
  const now = useNow();
  const postedSections = useMemo(() => myRidesSections(posted.data ?? [], placeOfRide, now), [posted.data, now]);
  const bookedSections = useMemo(() => myRidesSections(booked.data ?? [], placeOfBooking, now), [booked.data, now]);
  const cancellingId = cancelBooking.isPending ? (cancelBooking.variables ?? null) : null;

  const tabs: TabItem<MyRidesTab>[] = [
    { id: 'posted', label: 'Rides I Posted' },
    { id: 'booked', label: 'Rides I Booked' },
    { id: 'requests', label: 'My Ride Requests' },
  ];
  const current = tab === 'posted' ? posted : booked;

  const { showToast } = useToast();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const onCancelBooking = () => {
    if (!cancelling) return;
    cancelBooking.mutate(cancelling, {
      onSettled: () => setCancelling(null),
      onError: () => showToast({ tone: 'error', message: TEXTS.cancelBookingFailed }),
    });
  };

  return (
    <div>
      <PageHeader title="My Rides" />
      <Tabs label="My rides" idPrefix="my-rides" tabs={tabs} selected={tab} onSelect={setTab} />
      <div {...tabPanelProps('my-rides', tab)} className="mt-6">
        {tab === 'requests' ? (
          (requestsPanel ?? null)
        ) : current.isPending ? (
          <p className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-300">
            <Spinner size="sm" label={null} />
            {TEXTS.loadingYourRides}
          </p>
        ) : current.isError ? (
          <p role="alert" className="rounded-2xl bg-red-50 p-4 text-sm font-medium text-red-800 dark:bg-red-950/50 dark:text-red-200">
            {TEXTS.loadOwnRidesFailed}
          </p>
        ) : tab === 'posted' ? (
          (posted.data ?? []).length === 0 ? (
            <Empty text={TEXTS.empty.postedRides} />
          ) : (
            <RideSections
              sections={postedSections}
              renderGroup={(group) =>
                group.seriesId ? (
                  <PostedSeriesCard rides={group.items} onView={setOpened} />
                ) : (
                  <PostedRideCard ride={group.items[0]!} onView={() => setOpened(group.items[0]!)} />
                )
              }
            />
          )
        ) : (booked.data ?? []).length === 0 ? (
          <Empty text={TEXTS.empty.bookedRides} />
        ) : (
          <RideSections
            sections={bookedSections}
            renderGroup={(group) => {
              const booking = group.items[0]!;
              return group.seriesId ? (
                <BookedSeriesCard
                  bookings={group.items}
                  onView={(each) => setOpened(each.ride)}
                  onCancel={(each) => setCancelling(each.id)}
                  cancellingId={cancellingId}
                />
              ) : (
                <BookedRideCard
                  booking={booking}
                  onView={() => setOpened(booking.ride)}
                  onCancel={() => setCancelling(booking.id)}
                  cancelling={cancellingId === booking.id}
                />
              );
            }}
          />
        )}
      </div>
      {cancelling !== null ? (
        <Suspense fallback={<DialogLoading />}>
          <ConfirmDialog
            open
            title={TEXTS.confirmCancelBooking}
            confirmLabel="Cancel booking"
            cancelLabel="Keep booking"
            tone="danger"
            pending={cancelBooking.isPending}
            onConfirm={onCancelBooking}
            onClose={() => setCancelling(null)}
          />
        </Suspense>
      ) : null}
      {openedId ? (
        <Suspense fallback={<DialogLoading />}>
          <RideDetailModal rideId={openedId} initialRide={opened ?? undefined} onClose={closeRide} chatSlot={chatSlot} />
        </Suspense>
      ) : null}
    </div>
  );
}
