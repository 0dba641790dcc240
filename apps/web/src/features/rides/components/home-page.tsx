import { TEXTS } from '@carpool/shared/texts';
import { REGION_WORDING, TAGLINE } from '@carpool/shared/regions';
import { useRegion } from '../../../lib/region';

export function HomePage() {
  const { region } = useRegion();
  return (
    <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-6 py-12 text-white shadow-lg sm:px-10 sm:py-16">
      <div aria-hidden="true" className="absolute -right-16 -top-16 h-64 w-64 rounded-full bg-white/10" />
      <div aria-hidden="true" className="absolute -bottom-20 right-24 h-48 w-48 rounded-full bg-white/5" />
      <div className="relative max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{TAGLINE}</h1>
        <p className="mt-4 flex flex-wrap items-center gap-2 text-base text-white/90 sm:text-lg">
          <span>{REGION_WORDING[region].subtitle}</span>
          <span className="rounded-full bg-white/20 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider ring-1 ring-white/40">
            {TEXTS.betaTag}
          </span>
        </p>
      </div>
    </section>
  );
}
