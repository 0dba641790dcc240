import { useAppConfig } from '../../lib/app-config';

/**
 * A thin strip over every page while development sign-in answers on an address other machines
 * can reach (ALLOW_DEV_AUTH=1): anyone who reaches the site can sign in as anyone, and whoever
 * tries the site should know it is not a real deployment.
 */
export function DevSignInBanner() {
  const { data: config } = useAppConfig();
  if (!config?.devSignInExposed) return null;
  return (
    <div
      role="status"
      className="bg-amber-100 px-4 py-1 text-center text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
    >
      Development sign-in is on and reachable from the network: anyone can sign in as anyone.
    </div>
  );
}
