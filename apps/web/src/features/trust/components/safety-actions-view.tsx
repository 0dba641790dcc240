import type { SafetyAction, SafetyActionsProps } from '../../../lib/safety-actions';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { useBlockedUsers, useSetBlocked } from '../api/trust-api';
import { ReportDialog } from './report-dialog';

type ReportAction = Extract<SafetyAction, { kind: 'report' }>;
type BlockAction = Extract<SafetyAction, { kind: 'block' }>;

/** Block or unblock one person, the block asked about first in the app's own confirmation. */
function useBlockToggle(person: { id: string; name: string } | null, onBlocked?: () => void) {
  const blocked = useBlockedUsers(person !== null);
  const setBlocked = useSetBlocked();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const isBlocked = person !== null && (blocked.data?.blocked.some((row) => row.id === person.id) ?? false);
  // mutateAsync, not mutate's own callbacks: blocking refreshes the lists, which may remove the card
  // holding this hook before the answer's callbacks run, and React Query drops them then.
  const run = async (block: boolean) => {
    if (!person) return;
    try {
      await setBlocked.mutateAsync({ userId: person.id, blocked: block });
      setConfirming(false);
      showToast({ message: block ? `${person.name} is blocked.` : `${person.name} is unblocked.`, tone: 'success' });
      if (block) onBlocked?.();
    } catch {
      setConfirming(false);
      showToast({ message: 'That did not work. Please try again.', tone: 'error' });
    }
  };
  const confirmation = person ? (
    <ConfirmDialog
      open={confirming}
      title={`Block ${person.name}?`}
      description="Neither of you will see the other's rides or requests, you cannot book each other's rides and you cannot message each other. Pending bookings between you are cancelled."
      confirmLabel="Block"
      tone="danger"
      pending={setBlocked.isPending}
      onConfirm={() => void run(true)}
      onClose={() => setConfirming(false)}
    />
  ) : null;
  return {
    isBlocked,
    busy: setBlocked.isPending || blocked.isPending,
    /** Unblocking needs no confirmation; blocking does. */
    toggle: () => (isBlocked ? void run(false) : setConfirming(true)),
    confirmation,
  };
}

const blockLabel = (isBlocked: boolean, action: BlockAction) => `${isBlocked ? 'Unblock' : 'Block'}${action.short ? '' : ` ${action.person.name}`}`;

/** The trust feature's rendering of SafetyActions: buttons, or a compact menu (one action: a button). */
export function SafetyActionsView({ actions, layout, menuLabel = 'More actions', onBlocked }: SafetyActionsProps) {
  const block = actions.find((action): action is BlockAction => action.kind === 'block') ?? null;
  const blocking = useBlockToggle(block?.person ?? null, onBlocked);
  const [reporting, setReporting] = useState<ReportAction | null>(null);
  const run = (action: SafetyAction) => (action.kind === 'report' ? setReporting(action) : blocking.toggle());
  const labelOf = (action: SafetyAction) => (action.kind === 'report' ? action.label : blockLabel(blocking.isBlocked, action));

  return (
    <>
      {layout === 'buttons' ? (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={labelOf(action)}
              size="sm"
              variant={action.kind === 'block' && !blocking.isBlocked ? 'danger' : 'secondary'}
              disabled={action.kind === 'block' && blocking.busy}
              onClick={() => run(action)}
            >
              {labelOf(action)}
            </Button>
          ))}
        </div>
      ) : actions.length === 1 && actions[0]?.kind === 'report' ? (
        <IconButton label={actions[0].label} onClick={() => run(actions[0]!)} icon="flag" />
      ) : (
        <ActionsMenu label={menuLabel} items={actions.map((action) => ({ label: labelOf(action), onSelect: () => run(action), disabled: action.kind === 'block' && blocking.busy }))} />
      )}
      {reporting && (
        <ReportDialog
          open
          onClose={() => setReporting(null)}
          targetType={reporting.target.type}
          targetId={reporting.target.id}
          subject={reporting.target.subject}
        />
      )}
      {blocking.confirmation}
    </>
  );
}

const ICONS = {
  flag: 'M4 2a1 1 0 0 0-1 1v15a1 1 0 1 0 2 0v-5h4.4l.5 1H16a1 1 0 0 0 .9-1.4L15.1 8l1.8-4.6A1 1 0 0 0 16 2h-5.6l-.5-1H4Z',
  dots: 'M10 4a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm0 4.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm0 4.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z',
};

const iconButtonClasses =
  'inline-flex h-8 w-8 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

function IconButton({ label, onClick, icon, ...rest }: { label: string; onClick: () => void; icon: keyof typeof ICONS } & Record<`aria-${string}`, string | boolean | undefined>) {
  return (
    <button type="button" aria-label={label} title={label} className={iconButtonClasses} onClick={onClick} {...rest}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        <path d={ICONS[icon]} />
      </svg>
    </button>
  );
}

/**
 * A small menu button on Radix UI's DropdownMenu: Enter, Space or the arrows open it, the arrows and
 * typed letters move between the items, Escape, Tab or a click elsewhere closes it, and the focus
 * goes back to the button.
 */
function ActionsMenu({ label, items }: { label: string; items: { label: string; onSelect: () => void; disabled: boolean }[] }) {
  // An item's dialog opens once the menu has closed and handed the focus back to its button, so that
  // the dialog, when it closes, returns the focus there too.
  const chosen = useRef<(() => void) | null>(null);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger aria-label={label} title={label} className={iconButtonClasses}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d={ICONS.dots} />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label={label}
          align="end"
          sideOffset={4}
          onCloseAutoFocus={() => {
            const run = chosen.current;
            chosen.current = null;
            run?.();
          }}
          className="z-[60] flex min-w-44 flex-col rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              disabled={item.disabled}
              onSelect={() => {
                chosen.current = item.onSelect;
              }}
              className="cursor-pointer rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 outline-none data-[disabled]:cursor-not-allowed data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50 dark:text-slate-100 dark:data-[highlighted]:bg-slate-700"
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
