/** Class names of the ride-request search panel. */
export const labelClasses = 'mb-1.5 block text-sm font-semibold text-slate-700 dark:text-slate-200';

export const controlClasses = [
  'block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm',
  'placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30',
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-500/20',
  'dark:border-slate-600 dark:bg-slate-800 dark:text-white dark:placeholder:text-slate-500 dark:[color-scheme:dark]',
].join(' ');
