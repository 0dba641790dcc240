import colors from 'tailwindcss/colors';
import { describe, expect, it } from 'vitest';
import { TOAST_TONE_CLASSES } from './toast-outlet';

// WCAG 2 contrast of the toasts' text, computed from the Tailwind colours their classes name.

type Rgb = [number, number, number];

/** Tailwind 4 writes its palette in OKLCH; this is the CSS Color 4 conversion to linear sRGB. */
function oklchToLinearSrgb(css: string): Rgb {
  const match = /^oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)$/.exec(css);
  if (!match) throw new Error(`not an oklch colour: ${css}`);
  const [lightness, chroma, hue] = [Number(match[1]) / 100, Number(match[2]), (Number(match[3]) * Math.PI) / 180];
  const [a, b] = [chroma * Math.cos(hue), chroma * Math.sin(hue)];
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return [
    clamp(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    clamp(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    clamp(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

/** A class's colour: `bg-emerald-800`, `text-white`. */
function colourOf(utility: string): Rgb {
  const name = utility.replace(/^(bg|text)-/, '');
  if (name === 'white') return [1, 1, 1];
  const [family, shade] = name.split('-') as [string, string];
  const palette = (colors as unknown as Record<string, Record<string, string>>)[family];
  if (!palette?.[shade]) throw new Error(`unknown colour ${utility}`);
  return oklchToLinearSrgb(palette[shade]);
}

/** The background and text colours a tone's classes give in a theme (`dark:` wins in the dark one). */
function toneColours(classes: string, theme: 'light' | 'dark'): { background: Rgb; text: Rgb } {
  const pick = (property: 'bg' | 'text') => {
    const list = classes.split(/\s+/);
    const base = list.find((name) => name.startsWith(`${property}-`));
    const dark = list.find((name) => name.startsWith(`dark:${property}-`))?.slice('dark:'.length);
    const chosen = theme === 'dark' ? (dark ?? base) : base;
    if (!chosen) throw new Error(`no ${property} colour in "${classes}"`);
    return colourOf(chosen);
  };
  return { background: pick('bg'), text: pick('text') };
}

const gamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
/** `top` at `alpha` over `under`, mixed in sRGB as browsers and axe-core do. */
const over = (top: Rgb, under: Rgb, alpha: number): Rgb => top.map((c, i) => linear(alpha * gamma(c) + (1 - alpha) * gamma(under[i]!))) as Rgb;
const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The page under the toasts (index.css: body is slate-50, dark:slate-950). */
const PAGE: Record<'light' | 'dark', Rgb> = { light: colourOf('bg-slate-50'), dark: colourOf('bg-slate-950') };
const AA = 4.5;

describe('toast colours', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const tone of ['success', 'error', 'info'] as const) {
      it(`${tone} toast text is at least ${AA}:1 in the ${theme} theme, at rest and while it fades in`, () => {
        const { background, text } = toneColours(TOAST_TONE_CLASSES[tone], theme);
        expect(contrast(text, background)).toBeGreaterThanOrEqual(AA);
        // The dismiss "×" is drawn at 90% opacity.
        expect(contrast(over(text, background, 0.9), background)).toBeGreaterThanOrEqual(AA);
        // Sonner fades a new toast in, and axe-core audits what is on screen: at 90% opacity the
        // toast is mixed with the page, and its text with that (how axe measured 3.93:1 for the
        // emerald-700 success toast on the light page).
        const fading = over(background, PAGE[theme], 0.9);
        expect(contrast(over(text, fading, 0.9), fading)).toBeGreaterThanOrEqual(AA);
      });
    }
  }
});
