/** Shared by the form and the look-alike shown while its code loads, so nothing moves when it arrives. */
export const subscriptionFormClasses = 'flex w-full flex-col gap-2 lg:max-w-md';
export const subscriptionRowClasses = 'flex flex-col gap-2 sm:flex-row sm:items-start';
export const subscriptionInputClasses =
  'h-10 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 sm:text-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-800 dark:text-white';
