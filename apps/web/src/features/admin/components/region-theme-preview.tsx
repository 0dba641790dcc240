import { CONTRAST_AA, THEME_SCALE_STEPS, themeContrast, themeScaleOf, type ThemeScale } from '@carpool/shared/colour';
import { useState, type CSSProperties } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { badgeClasses, mutedClasses } from './admin-classes';
import { BrandMark } from '../../../components/brand-mark';

interface Theme {
  light: string;
  dark: string;
}

const HEX = /^#[0-9a-f]{6}$/;

/**
 * The shades the server will store and serve for these colours (regions-admin.service.ts,
 * checkedTheme): the scale of the light primary, with the dark primary as the 300 shade the dark
 * theme's text uses.
 */
function servedScaleOf(theme: Theme): ThemeScale {
  return { ...themeScaleOf(theme.light), '300': theme.dark };
}

/**
 * The brand variables of index.css (`--brand-50` to `--brand-950`, which Tailwind's brand-* classes
 * read through `@theme inline`), set on one element: the classes inside it take these colours, the
 * rest of the page keeps its region's.
 */
function brandVariablesOf(scale: ThemeScale): CSSProperties {
  const variables: Record<string, string> = { '--color-brand': scale['600'] };
  for (const step of THEME_SCALE_STEPS) variables[`--brand-${step}`] = scale[step];
  return variables as CSSProperties;
}

const passClasses = `${badgeClasses} bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200`;
const failClasses = `${badgeClasses} bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200`;

/** One of the two checks, as its colour field's hint: the ratio, and whether it reaches WCAG AA. */
export function ContrastHint({ theme, which }: { theme: Theme; which: 'light' | 'dark' }) {
  if (!HEX.test(theme[which])) return <span>A colour as #rrggbb.</span>;
  const ratio = themeContrast(theme)[which];
  const passes = ratio >= CONTRAST_AA;
  const what = which === 'light' ? 'White text on it' : 'It on the dark background';
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid={`contrast-${which}`}>
      <span>
        {what}: {ratio.toFixed(2)}:1
      </span>
      <span className={passes ? passClasses : failClasses}>{passes ? 'Passes AA' : `Fails AA: at least ${CONTRAST_AA}:1`}</span>
    </span>
  );
}

interface PreviewProps {
  theme: Theme;
  name: string;
  subtitle: string;
  /** The first two places' labels, for the ride card. */
  route: readonly [string, string];
}

/**
 * What the region will look like, in the light and the dark theme side by side: the header (brand
 * mark and name), the home page's banner, a ride card and a primary button, in the shades the server
 * derives. The colours are set on each pane only, so the console keeps its own theme and region.
 */
export function RegionThemePreview({ theme, name, subtitle, route }: PreviewProps) {
  const complete = HEX.test(theme.light) && HEX.test(theme.dark);
  // While a colour is being typed ("#c24"), the last complete pair stays in the preview.
  const [lastComplete, setLastComplete] = useState<Theme | null>(complete ? theme : null);
  if (complete && (lastComplete?.light !== theme.light || lastComplete.dark !== theme.dark)) setLastComplete({ light: theme.light, dark: theme.dark });
  const shown = complete ? theme : lastComplete;
  if (!shown) return <p className={mutedClasses}>Enter both colours as #rrggbb to see the preview.</p>;
  const style = brandVariablesOf(servedScaleOf(shown));
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <PreviewPane mode="light" style={style} name={name} subtitle={subtitle} route={route} />
      <PreviewPane mode="dark" style={style} name={name} subtitle={subtitle} route={route} />
    </div>
  );
}

/**
 * The classes of each theme, written out: Tailwind's `dark:` variant follows any `.dark` ancestor,
 * so a light pane inside the console's dark theme could not use the app's own `dark:` classes.
 */
const PANE = {
  light: {
    pane: 'bg-slate-50 text-slate-900 ring-slate-200 [color-scheme:light]',
    header: 'border-slate-200/80 bg-white/85',
    title: 'text-slate-900',
    regionName: 'text-brand-700',
    card: 'bg-white ring-slate-200',
    route: 'text-slate-900',
    price: 'text-brand-700',
    muted: 'text-slate-500',
    facts: 'bg-slate-50 text-slate-700',
  },
  dark: {
    pane: 'bg-slate-950 text-slate-100 ring-slate-800 [color-scheme:dark]',
    header: 'border-slate-800 bg-slate-950/85',
    title: 'text-white',
    regionName: 'text-brand-300',
    card: 'bg-slate-900 ring-slate-800',
    route: 'text-white',
    price: 'text-brand-300',
    muted: 'text-slate-400',
    facts: 'bg-slate-800/60 text-slate-200',
  },
} as const;

function PreviewPane({ mode, style, name, subtitle, route }: Omit<PreviewProps, 'theme'> & { mode: 'light' | 'dark'; style: CSSProperties }) {
  const classes = PANE[mode];
  return (
    <figure className="m-0 min-w-0" aria-label={`${mode === 'light' ? 'Light' : 'Dark'} theme preview`}>
      <figcaption className={`${mutedClasses} mb-1`}>{mode === 'light' ? 'Light theme' : 'Dark theme'}</figcaption>
      {/* A picture of the pages, not a part of this one: nothing in it takes the focus or is read out. */}
      <div inert data-testid={`preview-${mode}`} style={style} className={`overflow-hidden rounded-2xl ring-1 ${classes.pane}`}>
        <div className={`flex h-14 items-center justify-between gap-2 border-b px-3 ${classes.header}`}>
          <span className="flex min-w-0 items-center gap-2">
            <BrandMark className="shrink-0" />
            <span className="flex min-w-0 flex-col leading-tight">
              <span className={`text-base font-extrabold tracking-tight ${classes.title}`}>Carpool</span>
              <span className={`truncate text-xs font-medium ${classes.regionName}`}>{name || 'Region name'}</span>
            </span>
          </span>
          <span className={buttonClasses('primary', 'sm', 'shrink-0')}>Post a Ride</span>
        </div>
        <div className="flex flex-col gap-3 p-3">
          <div className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 px-4 py-3 text-white">
            <p className="text-lg font-extrabold tracking-tight">Share the ride</p>
            <p className="text-sm text-white/90">{subtitle || 'Subtitle'}</p>
          </div>
          <div className={`flex flex-col gap-3 rounded-2xl p-4 shadow-sm ring-1 ${classes.card}`}>
            <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
              <span className={`min-w-0 text-lg font-bold break-words ${classes.route}`}>
                {route[0]} → {route[1]}
              </span>
              <span className={`text-xl font-extrabold ${classes.price}`}>
                $15
                <span className={`ml-1 text-xs font-medium ${classes.muted}`}>per seat</span>
              </span>
            </div>
            <p className={`rounded-xl p-2 text-sm ${classes.facts}`}>Fri 9:00 AM · 2 of 3 seats</p>
            <div className="flex justify-end">
              <span className={buttonClasses('primary', 'md', 'min-w-[7.5rem]')}>Reserve</span>
            </div>
          </div>
        </div>
      </div>
    </figure>
  );
}
