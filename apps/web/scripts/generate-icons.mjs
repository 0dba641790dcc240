// Renders the app's icons (web app manifest, home screen) from public/favicon.svg. The PNGs are
// committed; run again after changing the favicon: node scripts/generate-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const brand = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
if (!brand) throw new Error('favicon.svg: no background colour found');

/**
 * A maskable icon is cut to any shape by the launcher (circle, squircle): the background must fill
 * the whole square and the drawing stay within the central 80 %. The favicon's car, without its
 * rounded square, is drawn at 60 % on a full square of the brand colour.
 */
const car = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/><g transform="translate(16 16) scale(0.75) translate(-16 -17.5)">${car}</g></svg>`;

async function render(svg, size, file) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', file));
}

await render(favicon, 192, 'icon-192.png');
await render(favicon, 512, 'icon-512.png');
await render(maskable, 512, 'icon-maskable-512.png');
// iOS ignores the manifest's icons and rounds the corners itself: a full square.
await render(maskable, 180, 'apple-touch-icon.png');
