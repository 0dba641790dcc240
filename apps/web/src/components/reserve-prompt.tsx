import { TEXTS } from '@carpool/shared/texts';
import { openAuthModal } from '../lib/window-events';
import { Button } from './ui/button';

/** Shown to signed-out visitors where a ride's reservation would be. */
export function ReservePrompt() {
  return (
    <div className="rounded-2xl border border-brand-200 bg-brand-50 p-5 text-center dark:border-brand-900 dark:bg-brand-950/40">
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">{TEXTS.reservePromptTitle}</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{TEXTS.reservePromptBody}</p>
      <Button className="mt-4" onClick={() => openAuthModal('sign-in')}>
        {TEXTS.reservePromptButton}
      </Button>
    </div>
  );
}
