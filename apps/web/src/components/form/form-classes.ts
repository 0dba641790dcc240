/**
 * The look of every form control: the post form's fields (rounded, 44 px tall, brand focus ring),
 * with a red border while the control is invalid. Text is 16 px on phones: iOS Safari zooms the
 * page into any smaller field that gets the focus.
 */
export const controlClasses = [
  'block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm transition-colors sm:text-sm',
  'placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60',
  'aria-[invalid=true]:border-red-500',
  'dark:border-slate-600 dark:bg-slate-800 dark:text-white dark:placeholder:text-slate-500 dark:[color-scheme:dark]',
].join(' ');

/** A multi-line control: the same look, its own height. */
export const textareaClasses = `${controlClasses} h-auto py-2`;

export const labelClasses = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200';

export const hintClasses = 'mt-1 text-xs text-slate-500 dark:text-slate-400';

export const fieldErrorClasses = 'mt-1 text-sm font-medium text-red-700 dark:text-red-300';
