/** Form control looks shared by the search panel, the post form and the booking form. */
export const fieldClasses =
  'block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm transition-colors focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-white dark:[color-scheme:dark]';

export const labelClasses = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200';

export const cardClasses =
  'rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';
