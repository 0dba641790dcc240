import { useRegionName } from '../../../lib/region';
import { useSignInSettings } from '../api/get-sign-in-settings';
import { ActionError } from './action-error';
import { badgeClasses, cardClasses, mutedClasses } from './admin-classes';

const on = `${badgeClasses} bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200`;
const off = `${badgeClasses} bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300`;

/**
 * Each region's ways in, read-only: they are set in the server's configuration until regions are
 * rows (docs/decisions/sign-in-methods.md). The client secret is only said to be set or not.
 */
export function SignInSettingsPanel() {
  const regionName = useRegionName();
  const query = useSignInSettings();
  if (query.isPending) return <p className={mutedClasses}>Loading sign-in settings...</p>;
  if (query.isError) return <ActionError error={query.error} />;
  return (
    <div className="flex flex-col gap-4">
      <p className={mutedClasses}>Set in the server's configuration (README, "Sign-in methods").</p>
      {query.data.regions.map((each) => (
        <section key={each.region} aria-label={regionName(each.region)} className={cardClasses}>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{regionName(each.region)}</h2>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Ways in">
            <li className={each.google ? on : off}>Google {each.google ? 'on' : 'off'}</li>
            <li className={each.emailCode ? on : off}>Code by e-mail {each.emailCode ? 'on' : 'off'}</li>
            <li className={each.oidc ? on : off}>Campus sign-in {each.oidc ? 'on' : 'off'}</li>
          </ul>
          {each.oidc ? (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-500 dark:text-slate-400">Button</dt>
              <dd className="text-slate-900 dark:text-white">{each.oidc.label}</dd>
              <dt className="text-slate-500 dark:text-slate-400">Issuer</dt>
              <dd className="break-all text-slate-900 dark:text-white">{each.oidc.issuer}</dd>
              <dt className="text-slate-500 dark:text-slate-400">Client id</dt>
              <dd className="break-all text-slate-900 dark:text-white">{each.oidc.clientId}</dd>
              <dt className="text-slate-500 dark:text-slate-400">Client secret</dt>
              <dd className="text-slate-900 dark:text-white">{each.oidc.clientSecretSet ? 'Set' : 'Not set (public client)'}</dd>
              <dt className="text-slate-500 dark:text-slate-400">E-mail domains</dt>
              <dd className="text-slate-900 dark:text-white">{each.oidc.emailDomains.join(', ')}</dd>
            </dl>
          ) : null}
        </section>
      ))}
    </div>
  );
}
