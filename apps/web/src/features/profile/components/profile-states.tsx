import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';

export function ProfileLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner size="lg" label="Loading profile" />
    </div>
  );
}

export function ProfileMessage({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'error' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="mx-auto max-w-lg rounded-3xl bg-white p-8 text-center text-slate-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-800"
    >
      {children}
    </div>
  );
}
