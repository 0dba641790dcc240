import type { College } from '@carpool/shared/colleges';
import { Suspense, useId, useRef, useState } from 'react';
import { lazyWithReload } from '../../../lib/lazy-with-reload';
import { useCollegeName, useRegion } from '../../../lib/region';
import { useIdle } from '../../../lib/when-idle';
import { collegeSelectLabel } from '../utils/ride-labels';
import { fieldClasses, labelClasses } from './field-classes';

interface CollegeSelectProps {
  selected: readonly College[];
  onChange: (next: College[]) => void;
}

// The popover (Radix, floating-ui) only matters once the dropdown opens: it loads when the page is
// idle after its first paint (or at the first click), beside the button, which is the select's
// own, so a click before it arrived opens it as it arrives (docs/decisions/web-code-splitting.md).
const CollegePopover = lazyWithReload(() => import('./college-popover').then((module) => module.CollegePopover));

/**
 * The multi-select College dropdown: a button opening, on Radix UI's Popover, a list of checkboxes.
 * Enter or Space opens it with the focus on the first checkbox, Tab moves through them, Space ticks,
 * Escape or a click elsewhere closes it and the focus goes back to the button.
 */
export function CollegeSelect({ selected, onChange }: CollegeSelectProps) {
  const [open, setOpen] = useState(false);
  const valueId = useId();
  const labelId = useId();
  const popoverId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const idle = useIdle();
  const { detail } = useRegion();
  const collegeName = useCollegeName();

  const toggle = (college: College) => {
    const next = selected.includes(college) ? selected.filter((each) => each !== college) : [...selected, college];
    // Keep the dropdown's order so the label and the query are stable.
    onChange(detail.colleges.map((each) => each.slug).filter((each) => next.includes(each)));
  };

  return (
    <div className="relative">
      <span id={labelId} className={labelClasses}>
        College
      </span>
      <button
        ref={triggerRef}
        type="button"
        aria-labelledby={`${labelId} ${valueId}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className={`${fieldClasses} flex items-center justify-between text-left`}
      >
        <span id={valueId} className="truncate">
          {collegeSelectLabel(selected, collegeName)}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-slate-500" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      {idle || open ? (
        <Suspense fallback={null}>
          <CollegePopover id={popoverId} open={open} onOpenChange={setOpen} selected={selected} onToggle={toggle} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </div>
  );
}
