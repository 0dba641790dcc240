/**
 * Colours of a region's theme: WCAG 2.x contrast, and the eleven shades (50 to 950) the web app's
 * classes use, derived from one primary colour. Shared so that the console previews exactly what
 * the server will accept and serve.
 */

export type Rgb = readonly [number, number, number];

/** "#rrggbb" (or "#rgb") to 0-255 channels; null for anything else. */
export function parseHexColour(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((start) => Number.parseInt(digits.slice(start, start + 2), 16)) as unknown as Rgb;
}

function toHexColour(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(Math.min(255, Math.max(0, channel))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2.x relative luminance of an sRGB colour. */
function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG AA for normal text. */
export const CONTRAST_AA = 4.5;
const WHITE: Rgb = [255, 255, 255];
/** The dark theme's page background (Tailwind slate-950, apps/web/src/index.css). */
const DARK_BACKGROUND = '#020617';

/**
 * The two checks a region's colours must pass: white text on the light theme's primary (the header,
 * buttons), and the dark theme's primary as text on the dark background. Each with its ratio.
 */
export function themeContrast(theme: { light: string; dark: string }): { light: number; dark: number } {
  const light = parseHexColour(theme.light);
  const dark = parseHexColour(theme.dark);
  const background = parseHexColour(DARK_BACKGROUND)!;
  return {
    light: light ? contrastRatio(WHITE, light) : 0,
    dark: dark ? contrastRatio(dark, background) : 0,
  };
}

export const THEME_SCALE_STEPS = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;
export type ThemeScale = Record<(typeof THEME_SCALE_STEPS)[number], string>;

/** How much white (positive) or black (negative) each shade mixes into the primary, which is 600. */
const SHADE_MIX: Record<(typeof THEME_SCALE_STEPS)[number], number> = {
  '50': 0.95,
  '100': 0.9,
  '200': 0.8,
  '300': 0.64,
  '400': 0.44,
  '500': 0.22,
  '600': 0,
  '700': -0.16,
  '800': -0.3,
  '900': -0.42,
  '950': -0.68,
};

/**
 * The eleven shades of a primary colour: 600 is the primary itself, lighter shades mix in white and
 * darker ones black, in sRGB. (cornell and nj keep the hand-picked scales they were created with.)
 */
export function themeScaleOf(primary: string): ThemeScale {
  const rgb = parseHexColour(primary);
  if (!rgb) throw new Error(`not a colour: ${primary}`);
  const mix = (amount: number): string => {
    const target = amount >= 0 ? 255 : 0;
    const share = Math.abs(amount);
    return toHexColour(rgb.map((channel) => channel + (target - channel) * share) as unknown as Rgb);
  };
  return Object.fromEntries(THEME_SCALE_STEPS.map((step) => [step, mix(SHADE_MIX[step])])) as ThemeScale;
}
