import { Button } from '../../../components/ui/button';
import { usePushSubscription } from '../hooks/use-push-subscription';

const STATUS: Record<string, string> = {
  checking: 'Checking this browser…',
  unsupported: 'This browser cannot receive push notifications from Carpool. On an iPhone, add Carpool to the home screen first.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then come back.',
  off: 'Get booking answers and messages on this device, even when Carpool is closed.',
  on: 'Push notifications are on for this browser.',
};

/**
 * Turns web push on or off for this browser. The permission prompt comes only from the click on
 * "Turn on push notifications", never on its own. `compact` (the bell's panel) says nothing where
 * push cannot work; the settings page explains why.
 */
export function PushToggle({ compact = false }: { compact?: boolean }) {
  const { state, busy, error, turnOn, turnOff } = usePushSubscription();
  const canAct = state === 'off' || state === 'on';
  if (compact && (state === 'checking' || state === 'unsupported')) return null;
  return (
    <div className={compact ? 'flex flex-col gap-2' : 'flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between'}>
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="push-status">
        {STATUS[state]}
      </p>
      {canAct ? (
        <Button
          variant={state === 'on' ? 'secondary' : 'primary'}
          size="sm"
          disabled={busy}
          className="shrink-0"
          onClick={() => void (state === 'on' ? turnOff() : turnOn())}
        >
          {state === 'on' ? 'Turn off push notifications' : 'Turn on push notifications'}
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
