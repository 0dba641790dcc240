import { PageHeader } from '../../components/layout/page-header';

/** The terms the sign-in checkbox refers to, written for what the product does today. */
export function TermsPage() {
  return (
    <article className="mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10 dark:bg-slate-900 dark:ring-slate-800">
      <PageHeader title="About and Terms of Service" />
      <div className="space-y-5 text-slate-700 dark:text-slate-300">
        <section>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">What this is</h2>
          <p className="mt-1">
            A carpool board for college communities. Drivers post rides between towns, passengers reserve seats and
            suitcases or post the rides they need, and both sides message each other and leave reviews after the trip.
          </p>
        </section>
        <section>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Your account</h2>
          <p className="mt-1">
            You sign in with your university e-mail: through its Google account, your campus's own sign-in, or a code
            we send to the address (one address is one account, whichever way you use). We keep your name, e-mail address, profile
            picture, bio and ride preferences to show them to the people you ride with.
          </p>
        </section>
        <section>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Rides and payments</h2>
          <p className="mt-1">
            Rides are arranged between students. Payments through the app are currently disabled: a booking goes through
            without payment, and drivers and passengers settle costs between themselves. Drivers are responsible for a
            valid license and insurance; a verified-driver badge means documents were checked, not that a ride is insured
            by us.
          </p>
        </section>
        <section>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Be kind and safe</h2>
          <p className="mt-1">
            Be on time, be honest in reviews, and do not use the service for anything unlawful. Accounts that harass
            others or post misleading rides may be removed.
          </p>
        </section>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Place coordinates from <a className="underline" href="https://www.geonames.org/">GeoNames</a>, licensed under{' '}
          <a className="underline" href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.
        </p>
      </div>
    </article>
  );
}
