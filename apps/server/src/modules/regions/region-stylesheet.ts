import { createHash } from 'node:crypto';
import { THEME_SCALE_STEPS } from '@carpool/shared/colour';
import type { RegionSummary } from '@carpool/shared/schemas/regions';
import type { RegionSnapshot } from './region-registry.js';

/** A CSS string literal: quotes, backslashes and line breaks escaped, `<` too (the sheet may be inlined one day). */
function cssString(text: string): string {
  return `"${text.replace(/[\\"<\n\r]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}"`;
}

function declarationsOf(region: RegionSummary): string {
  const shades = THEME_SCALE_STEPS.map((step) => `--brand-${step}:${region.theme.scale[step]};`).join('');
  return `--region-slug:${cssString(region.slug)};${shades}--color-brand:${region.theme.light};--region-name:${cssString(region.name)};--region-subtitle:${cssString(region.subtitle)};`;
}

export interface RegionStylesheet {
  readonly css: string;
  readonly etag: string;
}

/**
 * GET /api/regions.css: each served region's colours and words as CSS variables under
 * `[data-region="{slug}"]`, with its own slug in `--region-slug` (what tells theme-init.js that the
 * stylesheet knows a slug: the other variables are inherited from `:root` by any value), and the
 * default region's on `:root` as well, with its slug in `--default-region`. index.html links it before theme-init.js, so the first paint (the static
 * shell included) has the region's colours and name for a region created after the build.
 */
export function buildRegionStylesheet(snapshot: RegionSnapshot): RegionStylesheet {
  const served = snapshot.served.map((slug) => snapshot.bySlug.get(slug)!.summary);
  const fallback = snapshot.live[0];
  // :root first: a region's own rule, of the same specificity, comes after it and wins.
  const rules = served.map((region) => `[data-region="${region.slug}"]{${declarationsOf(region)}}`);
  if (fallback) rules.unshift(`:root{--default-region:${cssString(fallback.slug)};${declarationsOf(fallback)}}`);
  const css = `/* The regions' colours and names (docs/decisions/regions-as-data.md). */\n${rules.join('\n')}\n`;
  return { css, etag: `"${createHash('sha256').update(css).digest('base64url').slice(0, 27)}"` };
}
