import { COLLEGE_LABELS, COLLEGES, type College } from '@carpool/shared/colleges';
import * as Popover from '@radix-ui/react-popover';
import { useId, useState } from 'react';
import { collegeSelectLabel } from '../utils/ride-labels';
import { fieldClasses, labelClasses } from './field-classes';

interface CollegeSelectProps {
  selected: readonly College[];
  onChange: (next: College[]) => void;
}

/**
 * The multi-select College dropdown: a button opening, on Radix UI's Popover, a list of checkboxes.
 * Enter or Space opens it with the focus on the first checkbox, Tab moves through them, Space ticks,
 * Escape or a click elsewhere closes it and the focus goes back to the button.
 */
export function CollegeSelect({ selected, onChange }: CollegeSelectProps) {
  const [open, setOpen] = useState(false);
  const valueId = useId();
  const labelId = useId();

  const toggle = (college: College) => {
    const next = selected.includes(college) ? selected.filter((each) => each !== college) : [...selected, college];
    // Keep the dropdown's order so the label and the query are stable.
    onChange(COLLEGES.filter((each) => next.includes(each)));
  };

  return (
    <div className="relative">
      <span id={labelId} className={labelClasses}>
        College
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          type="button"
          aria-labelledby={`${labelId} ${valueId}`}
          className={`${fieldClasses} flex items-center justify-between text-left`}
        >
          <span id={valueId} className="truncate">
            {collegeSelectLabel(selected)}
          </span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-slate-500" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            aria-label="Colleges"
            align="start"
            sideOffset={4}
            className="z-[60] w-[var(--radix-popover-trigger-width)] min-w-[12rem] rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-800"
          >
            <fieldset>
              <legend className="sr-only">Colleges</legend>
              {COLLEGES.map((college) => (
                <label
                  key={college}
                  className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700"
                >
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={selected.includes(college)}
                    onChange={() => toggle(college)}
                  />
                  {COLLEGE_LABELS[college]}
                </label>
              ))}
            </fieldset>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
