/** The look of the profile feature's file inputs (the picture and the verification documents). */
export const fileInputClasses =
  'block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-300 dark:file:bg-slate-700 dark:file:text-slate-100';
