type SpinnerSize = 'sm' | 'md' | 'lg';

const SIZES: Record<SpinnerSize, string> = {
  sm: 'h-4 w-4 border-2',
  md: 'h-8 w-8 border-[3px]',
  lg: 'h-12 w-12 border-4',
};

interface SpinnerProps {
  size?: SpinnerSize;
  /** What is loading, for screen readers; null when visible text beside it already says so. */
  label?: string | null;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', className = '' }: SpinnerProps) {
  return (
    <span role={label === null ? undefined : 'status'} className={`inline-flex ${className}`}>
      <span
        aria-hidden="true"
        className={`${SIZES[size]} animate-spin rounded-full border-brand-200 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-400`}
      />
      {label === null ? null : <span className="sr-only">{label}</span>}
    </span>
  );
}
