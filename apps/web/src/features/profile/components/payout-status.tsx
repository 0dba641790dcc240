import { TEXTS } from '@carpool/shared/texts';
import { usePayoutStatus } from '../api/get-payout-status';
import { ProfileCard } from './profile-card';

/**
 * Mounted once in the layout: spec section 7 asks for the payout status on every page when signed
 * in. React Query keeps the one answer of this page load for the profile's note.
 */
export function PayoutStatusCheck() {
  usePayoutStatus();
  return null;
}

/** The payments-disabled note where the payout status is shown. */
export function PayoutStatusCard() {
  const { data } = usePayoutStatus();
  // An unknown status (failed read) says the same: nothing is paid out while payments are off.
  const enabled = data?.payouts_enabled === true;
  return (
    <ProfileCard title="Payouts">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="6" width="18" height="13" rx="2" />
            <path d="M3 10h18M7 15h3" />
          </svg>
        </span>
        <div className="text-sm">
          <p className="font-semibold text-slate-900 dark:text-white">{enabled ? 'Payouts are enabled' : TEXTS.profile.payoutsNotEnabled}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{TEXTS.profile.paymentsDisabled}</p>
        </div>
      </div>
    </ProfileCard>
  );
}
