import type { Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { dayInTimeZone } from '@carpool/shared/time-zones';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { useCancelRideSeries } from '../api/cancel-ride-series';
import { formatLocalDate } from '../../../lib/local-date-time';

/** Tells the driver that this ride is one occurrence of a weekly ride. */
export function WeeklySeriesNotice() {
  return (
    <p className="rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-900 dark:bg-brand-950/50 dark:text-brand-100">
      This ride is part of a weekly series. Editing or cancelling it leaves the other rides as they are; “Cancel this and
      following” ends the series from this ride on.
    </p>
  );
}

/**
 * "Cancel this and following": cancels the weekly series from this occurrence's local day (in the
 * series' zone, the ride's own) on, after an in-app confirmation.
 */
export function SeriesCancelButton({ ride, seriesId, onCancelled }: { ride: Ride; seriesId: string; onCancelled: () => void }) {
  const cancelSeries = useCancelRideSeries();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const from = dayInTimeZone(new Date(ride.departsAt), ride.timezone);
  // mutateAsync, not mutate's own callbacks: those are dropped when this button unmounts first, as it
  // does when the ride's live update (cancelled) arrives before the answer.
  const onConfirm = async () => {
    try {
      const result = await cancelSeries.mutateAsync({ seriesId, from });
      setConfirming(false);
      const count = result.cancelledRideIds.length;
      showToast({ tone: 'success', message: `${count} weekly ${count === 1 ? 'ride' : 'rides'} cancelled. The passengers have been notified.`, durationMs: 8_000 });
      onCancelled();
    } catch (error) {
      setConfirming(false);
      showToast({ tone: 'error', message: TEXTS.cancelRideFailedWith((error instanceof Error && error.message) || 'Unknown error') });
    }
  };
  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)} disabled={cancelSeries.isPending}>
        {cancelSeries.isPending ? 'Cancelling...' : 'Cancel this and following'}
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Cancel this ride and every following ride of the series?"
        description={`Every ride of this weekly series from ${formatLocalDate(ride.departsAt)} on is cancelled and its passengers are notified. Earlier rides stay. ${TEXTS.confirmIrreversible}`}
        confirmLabel="Cancel this and following"
        cancelLabel="Keep rides"
        tone="danger"
        pending={cancelSeries.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
