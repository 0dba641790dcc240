import { COLLEGE_LABELS, COLLEGES, type College } from '@carpool/shared/colleges';
import { useEffect, useId, useRef, useState } from 'react';
import { collegeSelectLabel } from '../utils/ride-labels';
import { fieldClasses, labelClasses } from './field-classes';

interface CollegeSelectProps {
  selected: readonly College[];
  onChange: (next: College[]) => void;
}

/** The multi-select College dropdown: a button opening a list of checkboxes. */
export function CollegeSelect({ selected, onChange }: CollegeSelectProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const labelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const toggle = (college: College) => {
    const next = selected.includes(college) ? selected.filter((each) => each !== college) : [...selected, college];
    // Keep the dropdown's order so the label and the query are stable.
    onChange(COLLEGES.filter((each) => next.includes(each)));
  };

  return (
    <div ref={rootRef} className="relative">
      <span id={labelId} className={labelClasses}>
        College
      </span>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={`${labelId} ${listId}-value`}
        onClick={() => setOpen((value) => !value)}
        className={`${fieldClasses} flex items-center justify-between text-left`}
      >
        <span id={`${listId}-value`} className="truncate">
          {collegeSelectLabel(selected)}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-slate-500" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      {open ? (
        <fieldset
          id={listId}
          className="absolute z-30 mt-1 w-full min-w-[12rem] rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-800"
        >
          <legend className="sr-only">Colleges</legend>
          {COLLEGES.map((college) => (
            <label
              key={college}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-700"
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
      ) : null}
    </div>
  );
}
