import type { SafetyAction, SafetyActionsProps } from '../../../lib/safety-actions';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { useBlockedUsers, useSetBlocked } from '../api/trust-api';
import { ReportDialog } from './report-dialog';

type ReportAction = Extract<SafetyAction, { kind: 'report' }>;
type BlockAction = Extract<SafetyAction, { kind: 'block' }>;

/** Block or unblock one person, the block asked about first in the app's own confirmation. */
export function useBlockToggle(person: { id: string; name: string } | null, onBlocked?: () => void) {
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

/** A small menu button: arrows move between the items, Escape or a click elsewhere closes it. */
function ActionsMenu({ label, items }: { label: string; items: { label: string; onSelect: () => void; disabled: boolean }[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current.find((item) => item && !item.disabled)?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    root.current?.querySelector<HTMLButtonElement>('button[aria-haspopup]')?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const enabled = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null && !item.disabled);
    const index = enabled.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowDown: index + 1, ArrowUp: index - 1 + enabled.length, Home: 0, End: enabled.length - 1 }[event.key];
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
    } else if (next !== undefined) {
      event.preventDefault();
      enabled[next % enabled.length]?.focus();
    }
  };

  return (
    <div ref={root} className="relative" onKeyDown={open ? onKeyDown : undefined}>
      <IconButton label={label} icon="dots" onClick={() => setOpen((value) => !value)} aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} />
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className="absolute right-0 z-20 mt-1 flex min-w-44 flex-col rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
        >
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={(node) => {
                itemRefs.current[index] = node;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={item.disabled}
              className="rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none disabled:opacity-50 dark:text-slate-100 dark:hover:bg-slate-700 dark:focus:bg-slate-700"
              onClick={() => {
                // The focus goes back to the menu button first: the dialog an item opens returns it there.
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
