import type { UserProfile, VerificationStatus } from '@carpool/shared/schemas/users';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { formatAverageRating, roundedStars } from '../utils/format-stats';
import { StarRating } from './star-rating';

const VERIFICATION_LABELS: Record<VerificationStatus, { text: string; classes: string }> = {
  approved: {
    text: 'Verified Driver',
    classes: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-400/30',
  },
  pending: {
    text: 'Verification Pending',
    classes: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-400/30',
  },
  rejected: {
    text: 'Verification Rejected',
    classes: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950/60 dark:text-red-200 dark:ring-red-400/30',
  },
  none: {
    text: 'Not Verified',
    classes: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/30',
  },
};

/** The avatar (initial if none) with the verified-driver ring and tick. */
function ProfileAvatar({ profile }: { profile: Pick<UserProfile, 'name' | 'avatar' | 'avatarColor' | 'driverVerified'> }) {
  return (
    <span className="relative inline-flex shrink-0" data-testid="profile-avatar">
      <Avatar
        name={profile.name}
        src={profile.avatar}
        color={profile.avatarColor}
        size="xl"
        className={
          profile.driverVerified
            ? 'ring-4 ring-emerald-500 ring-offset-2 ring-offset-white dark:ring-offset-slate-900'
            : 'ring-4 ring-white dark:ring-slate-900'
        }
      />
      {profile.driverVerified ? (
        <span
          title="Verified driver"
          className="absolute -bottom-1 -right-1 flex h-8 w-8 items-center justify-center rounded-full bg-emerald-500 text-white ring-4 ring-white dark:ring-slate-900"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d="M4.5 10.5l3.5 3.5 7.5-8" />
          </svg>
          <span className="sr-only">Verified driver</span>
        </span>
      ) : null}
    </span>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200/70 dark:bg-slate-800/60 dark:ring-slate-700/60">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

/** "12,345": a whole number with thousands separators (no Intl formatter on the profile's first render). */
const wholeNumber = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Reviews, Avg. Rating (2 decimals with rounded stars), Rides as Driver, Rides as Passenger, and
 * once a trip was shared, what the shared trips added up to: miles, CO2 and money saved.
 */
function ProfileStats({ stats }: { stats: UserProfile['stats'] }) {
  const { impact } = stats;
  return (
    <div className="space-y-3">
      <ProfileCounts stats={stats} />
      {impact.milesShared > 0 ? (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Stat label="Miles shared">{wholeNumber(impact.milesShared)}</Stat>
          <Stat label="CO₂ saved">{wholeNumber(impact.co2SavedKg)} kg</Stat>
          <Stat label="Money saved">${wholeNumber(impact.moneySaved)}</Stat>
        </dl>
      ) : null}
      {impact.milesShared > 0 ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Seat-miles of completed shared trips; CO₂ of the cars that stayed home at 400 g a mile (US EPA); money against driving alone at
          70¢ a mile (IRS rate).
        </p>
      ) : null}
    </div>
  );
}

function ProfileCounts({ stats }: { stats: UserProfile['stats'] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="Reviews">{stats.reviewCount}</Stat>
      <Stat label="Avg. Rating">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>{formatAverageRating(stats.averageRating)}</span>
          <StarRating stars={roundedStars(stats.averageRating)} size="sm" />
        </span>
      </Stat>
      <Stat label="Rides as Driver">{stats.ridesAsDriver}</Stat>
      <Stat label="Rides as Passenger">{stats.ridesAsPassenger}</Stat>
    </dl>
  );
}

interface ProfileSummaryProps {
  profile: UserProfile;
  /** Shown on the own profile only. */
  email?: string;
  /** The own profile shows every verification state; others only the verified badge. */
  showVerificationLabel: boolean;
  actions?: ReactNode;
}

/** The top card of a profile: avatar, name, label, e-mail, actions and stats. */
export function ProfileSummary({ profile, email, showVerificationLabel, actions }: ProfileSummaryProps) {
  const label = VERIFICATION_LABELS[profile.driverVerified ? 'approved' : profile.verificationStatus];
  const showLabel = showVerificationLabel || profile.driverVerified;
  return (
    <section
      aria-labelledby="profile-name"
      className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div aria-hidden="true" className="h-24 bg-gradient-to-r from-brand-600 to-brand-800 sm:h-28" />
      <div className="px-5 pb-6 sm:px-8">
        <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <ProfileAvatar profile={profile} />
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 id="profile-name" className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {profile.name}
          </h1>
          {showLabel ? (
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${label.classes}`}>{label.text}</span>
          ) : null}
        </div>
        {email ? <p className="mt-1 break-all text-slate-600 dark:text-slate-300">{email}</p> : null}
        <div className="mt-6">
          <ProfileStats stats={profile.stats} />
        </div>
      </div>
    </section>
  );
}
