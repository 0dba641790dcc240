import { REPORT_REASON_LABELS, type AdminReport, type AdminUser, type AdminUserDetail } from '@carpool/shared/schemas/trust';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { formatLocalDate, formatLocalDateTime } from '../../../lib/local-date-time';
import { useRegion } from '../../../lib/region';
import { useAdminUser } from '../api/admin-api';
import { ActionError } from './action-error';
import { badgeClasses, cardClasses, mutedClasses } from './admin-classes';
import { SuspendControls } from './suspend-controls';

const VERIFICATION_LABELS: Record<AdminUser['verificationStatus'], string> = {
  none: 'Never applied',
  pending: 'Waiting for a decision',
  approved: 'Approved',
  rejected: 'Rejected',
};

const TARGET_WORDS: Record<AdminReport['targetType'], string> = {
  user: 'profile',
  ride: 'ride',
  ride_request: 'ride request',
  message: 'ride chat message',
  direct_message: 'direct message',
};

export function UserBadges({ user }: { user: Pick<AdminUser, 'suspended' | 'driverVerified' | 'deleted'> }) {
  return (
    <>
      {user.suspended && <span className={`${badgeClasses} bg-red-600 text-white`}>Suspended</span>}
      {user.deleted && <span className={`${badgeClasses} bg-slate-600 text-white`}>Deleted</span>}
      {user.driverVerified && (
        <span className={`${badgeClasses} bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200`}>Verified driver</span>
      )}
    </>
  );
}

/** The console's view of one user: who they are, what they did, what was said about them, and suspension. */
export function UserDetail({ userId, onBack }: { userId: string; onBack: () => void }) {
  const query = useAdminUser(userId);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button size="sm" variant="secondary" onClick={onBack}>
          Back to results
        </Button>
      </div>
      {query.isPending && <p className={mutedClasses}>Loading the user...</p>}
      {query.isError && <ActionError error={query.error} />}
      {query.data && <UserRecord detail={query.data} />}
    </div>
  );
}

function UserRecord({ detail }: { detail: AdminUserDetail }) {
  const { user, verification } = detail;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a user replaces the results: the focus moves to what replaced them.
  useEffect(() => heading.current?.focus(), []);
  return (
    <article className="flex flex-col gap-4" aria-labelledby="admin-user-name">
      <section className={cardClasses}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="admin-user-name" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none dark:text-white">
            {user.name}
          </h2>
          <UserBadges user={user} />
        </div>
        <p className={`${mutedClasses} break-words`}>
          {user.email} · {user.college ?? 'no college'} · joined {formatLocalDate(user.createdAt)}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <Count label="Rides" value={user.counts.rides} />
          <Count label="Bookings" value={user.counts.bookings} />
          <Count label="Reports against" value={user.counts.reportsAgainst} />
          <Count label="Reports made" value={user.counts.reportsMade} />
        </dl>
        <SuspendControls user={user} />
      </section>

      <Section title="Verification">
        <p className="text-sm text-slate-800 dark:text-slate-100">
          {user.driverVerified ? 'Verified driver' : VERIFICATION_LABELS[user.verificationStatus]}
          {verification && <span className={mutedClasses}> · last applied {formatLocalDateTime(verification.createdAt)}</span>}
          {verification?.decidedAt && <span className={mutedClasses}> · decided {formatLocalDateTime(verification.decidedAt)}</span>}
        </p>
        {verification?.status === 'rejected' && (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">Reason given: {verification.rejectReason || 'none'}</p>
        )}
      </Section>

      <Section title="Rides" empty={detail.rides.length === 0 ? 'No rides offered.' : null} note={listNote(detail.rides.length, user.counts.rides)}>
        {detail.rides.map((ride) => (
          <Row key={ride.id}>
            <span className="font-semibold">
              {ride.from} → {ride.to}
            </span>
            <span className={mutedClasses}>{formatLocalDateTime(ride.departsAt)}</span>
            <StatusBadge status={ride.status} hidden={ride.hidden} />
            <span className={mutedClasses}>
              {ride.totalSeats - ride.seatsAvailable} of {ride.totalSeats} seats taken
            </span>
          </Row>
        ))}
      </Section>

      <Section title="Bookings" empty={detail.bookings.length === 0 ? 'No bookings.' : null} note={listNote(detail.bookings.length, user.counts.bookings)}>
        {detail.bookings.map((booking) => (
          <Row key={booking.id}>
            <span className="font-semibold">
              {booking.ride.from} → {booking.ride.to}
            </span>
            <span className={mutedClasses}>{formatLocalDateTime(booking.ride.departsAt)}</span>
            <StatusBadge status={booking.status} />
            <span className={mutedClasses}>{booking.seats === 1 ? '1 seat' : `${booking.seats} seats`}</span>
          </Row>
        ))}
      </Section>

      <Section
        title="Reports about them"
        empty={detail.reportsAgainst.length === 0 ? 'Nobody reported them.' : null}
        note={listNote(detail.reportsAgainst.length, user.counts.reportsAgainst)}
      >
        {detail.reportsAgainst.map((report) => (
          <ReportRow key={report.id} report={report} other={report.reporter} otherRole="by" />
        ))}
      </Section>

      <Section
        title="Reports they made"
        empty={detail.reportsMade.length === 0 ? 'They reported nobody.' : null}
        note={listNote(detail.reportsMade.length, user.counts.reportsMade)}
      >
        {detail.reportsMade.map((report) => (
          <ReportRow key={report.id} report={report} other={report.targetUser} otherRole="about" />
        ))}
      </Section>
    </article>
  );
}

/** The lists hold the newest few; the counts say whether there are more. */
function listNote(shown: number, total: number): string | null {
  return total > shown ? `The latest ${shown} of ${total}.` : null;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800">
      <dt className="text-xs font-semibold text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-bold text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

/** A titled card; with `empty` or `note` it holds a list of rows, without them plain content. */
function Section({ title, empty, note = null, children }: { title: string; empty?: string | null; note?: string | null; children?: ReactNode }) {
  const list = empty !== undefined;
  return (
    <section className={cardClasses} aria-label={title}>
      <h3 className="mb-2 text-base font-bold text-slate-900 dark:text-white">{title}</h3>
      {!list ? children : empty ? <p className={mutedClasses}>{empty}</p> : <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">{children}</ul>}
      {note && <p className={`${mutedClasses} mt-2`}>{note}</p>}
    </section>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm text-slate-800 dark:text-slate-100">{children}</li>;
}

const STATUS_CLASSES: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  confirmed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  cancelled: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
  completed: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

function StatusBadge({ status, hidden = false }: { status: string; hidden?: boolean }) {
  return (
    <>
      <span className={`${badgeClasses} ${STATUS_CLASSES[status] ?? STATUS_CLASSES.completed}`}>{status}</span>
      {hidden && <span className={`${badgeClasses} bg-slate-600 text-white`}>hidden</span>}
    </>
  );
}

function ReportRow({ report, other, otherRole }: { report: AdminReport; other: { id: string; name: string }; otherRole: 'by' | 'about' }) {
  const { toPath } = useRegion();
  return (
    <li className="flex flex-col gap-1 py-2 text-sm text-slate-800 dark:text-slate-100">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`${badgeClasses} bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-200`}>{REPORT_REASON_LABELS[report.reason]}</span>
        <span className={`${badgeClasses} ${report.status === 'open' ? STATUS_CLASSES.pending : STATUS_CLASSES.completed}`}>
          {report.status === 'open' ? 'open' : `resolved: ${report.action?.replace('_', ' ')}`}
        </span>
        <span className={mutedClasses}>{formatLocalDateTime(report.createdAt)}</span>
      </div>
      <p>
        {otherRole === 'by' ? `Their ${TARGET_WORDS[report.targetType]}, reported by ` : `Reported the ${TARGET_WORDS[report.targetType]} of `}
        <Link className="font-semibold underline" to={toPath(`/profile/${other.id}`)}>
          {other.name}
        </Link>
        {report.targetSummary && <span className={mutedClasses}> · {report.targetSummary}</span>}
      </p>
      {report.details && <p className="text-slate-700 dark:text-slate-200">“{report.details}”</p>}
    </li>
  );
}
