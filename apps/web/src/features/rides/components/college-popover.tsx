import type { College } from '@carpool/shared/colleges';
import * as Popover from '@radix-ui/react-popover';
import type { RefObject } from 'react';
import { useRegion } from '../../../lib/region';

interface CollegePopoverProps {
  /** The id the button's aria-controls names. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: readonly College[];
  onToggle: (college: College) => void;
  /** The College button, which the select renders itself (it is there before this code loads). */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The College dropdown's list of checkboxes on Radix UI's Popover, placed under the select's own
 * button: Radix's Trigger would be a second button, so the anchor, the click on the button and the
 * focus going back to it on close are wired here.
 */
export function CollegePopover({ id, open, onOpenChange, selected, onToggle, triggerRef }: CollegePopoverProps) {
  const { detail } = useRegion();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={triggerRef} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          aria-label="Colleges"
          align="start"
          sideOffset={4}
          // The button toggles the popover itself; a press on it is not a click elsewhere.
          onInteractOutside={(event) => {
            if (event.target instanceof Node && triggerRef.current?.contains(event.target)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="z-[60] w-[var(--radix-popover-trigger-width)] min-w-[12rem] rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-800"
        >
          <fieldset>
            <legend className="sr-only">Colleges</legend>
            {detail.colleges.map(({ slug: college, name }) => (
              <label
                key={college}
                className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700"
              >
                <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={selected.includes(college)} onChange={() => onToggle(college)} />
                {name}
              </label>
            ))}
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
