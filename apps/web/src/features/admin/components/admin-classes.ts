/** Shared look of the console's cards and controls. */
export const cardClasses = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900 dark:ring-slate-800';
export const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-800 dark:text-white';
export const mutedClasses = 'text-sm text-slate-500 dark:text-slate-400';
export const badgeClasses = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';
