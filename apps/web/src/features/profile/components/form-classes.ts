/** Shared look of the profile feature's form controls. */
export const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-800 dark:text-white dark:placeholder:text-slate-500';

export const labelClasses = 'mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-100';

export const fileInputClasses =
  'block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-300 dark:file:bg-slate-700 dark:file:text-slate-100';

export const errorClasses = 'text-sm font-medium text-red-600 dark:text-red-400';
