/** The app's mark: a car on the region's colour, as the header shows it (and the console's preview of it). */
export function BrandMark({ className = '' }: { className?: string }) {
  return (
    <span aria-hidden="true" className={`flex h-9 w-9 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm ${className}`}>
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 17H3v-5l2-5h14l2 5v5h-2" />
        <path d="M3 12h18" />
        <circle cx="7.5" cy="17" r="2" />
        <circle cx="16.5" cy="17" r="2" />
        <path d="M9.5 17h5" />
      </svg>
    </span>
  );
}
