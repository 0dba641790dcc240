import type { Ride } from '@carpool/shared/schemas/rides';
import { SafetyActions } from '../../../lib/safety-actions';
import { useRouteText } from './ride-bits';

/**
 * "Report ride", "Report driver" and "Block driver" at the foot of the ride dialog, for a signed-in
 * viewer who is not the driver. A block hides the driver's rides, so the dialog closes after it.
 */
export function RideSafetyActions({ ride, viewerId, onBlocked }: { ride: Ride; viewerId: string | null; onBlocked: () => void }) {
  const routeText = useRouteText();
  const driver = ride.driver;
  if (viewerId === null || driver === null || driver.id === viewerId) return null;
  return (
    <section aria-label="Report or block" className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
      <p className="text-sm text-slate-500 dark:text-slate-400">Something wrong with this ride?</p>
      <SafetyActions
        layout="buttons"
        onBlocked={onBlocked}
        actions={[
          { kind: 'report', label: 'Report ride', target: { type: 'ride', id: ride.id, subject: `the ride ${routeText(ride.from, ride.to)}` } },
          { kind: 'report', label: 'Report driver', target: { type: 'user', id: driver.id, subject: driver.name } },
          { kind: 'block', person: { id: driver.id, name: driver.name } },
        ]}
      />
    </section>
  );
}
