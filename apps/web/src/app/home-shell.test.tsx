import { SPEC_REGION_SUMMARIES, type SpecRegion } from '@carpool/shared/fixtures/spec-regions';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPublicSocketFactory, type PublicSocket } from '../lib/socket';
import { fakeServer } from '../test/fake-server';
import { FakeSocket } from '../test/fake-socket';
import { renderWithApp } from '../test/render-with-app';
import indexHtml from '../../index.html?raw';
import themeInit from '../../public/theme-init.js?raw';
import { routes } from './router';

// index.html's static shell of the home page must draw what React draws (no jump when React's
// first render replaces it): the same elements, classes, icons and words, in the same order.

const KEPT_ATTRIBUTES = ['class', 'type', 'd', 'viewBox', 'disabled', 'cx', 'cy', 'r'];

/** An element as the eye sees it: tag, classes, the attributes that draw, its words, its children. */
function describeElement(element: Element): string {
  const attributes = KEPT_ATTRIBUTES.filter((name) => element.hasAttribute(name) && element.getAttribute(name) !== '')
    .map((name) => `${name}="${name === 'class' ? (element.getAttribute(name) ?? '').split(/\s+/).filter(Boolean).join(' ') : element.getAttribute(name)}"`)
    .join(' ');
  // Adjacent text nodes read as one run of words (React writes `{a} – {b}` as three).
  const parts: string[] = [];
  let words = '';
  const endWords = () => {
    if (words.replace(/\s+/g, ' ').trim()) parts.push(words.replace(/\s+/g, ' ').trim());
    words = '';
  };
  for (const node of element.childNodes) {
    if (node.nodeType === node.TEXT_NODE) words += node.textContent ?? '';
    else if (node instanceof Element) {
      endWords();
      parts.push(describeElement(node));
    }
  }
  endWords();
  const children = parts.join('');
  return `<${element.tagName.toLowerCase()} ${attributes}>${children}</>`;
}

/**
 * Runs theme-init.js at `path` as the page has it: after /api/regions.css, which gives <html> each
 * served region's words under [data-region] and names the default region (the server's
 * region-stylesheet.ts; jsdom does not cascade custom properties, so the computed style is stood in for).
 */
function runThemeInit(path: string): void {
  const computed = window.getComputedStyle;
  window.getComputedStyle = ((element: Element) => ({
    getPropertyValue: (name: string) => {
      if (name === '--default-region') return '"cornell"';
      // The default region's variables are on :root: any other value of data-region gets them.
      const region = SPEC_REGION_SUMMARIES[(element as HTMLElement).dataset.region as SpecRegion] ?? SPEC_REGION_SUMMARIES.cornell;
      const values: Record<string, string> = {
        '--region-slug': JSON.stringify(region.slug),
        '--region-name': JSON.stringify(region.name),
        '--region-subtitle': JSON.stringify(region.subtitle),
        '--color-brand': region.theme.light,
      };
      return values[name] ?? '';
    },
  })) as unknown as typeof window.getComputedStyle;
  try {
    window.history.replaceState(null, '', path);
    new Function(themeInit)();
  } finally {
    window.getComputedStyle = computed;
    window.history.replaceState(null, '', '/');
  }
}

/**
 * The shell as theme-init.js and index.css show it in the light theme of a region: the other
 * theme's and region's parts gone, the chosen region's words in place, the carousel's days filled
 * with what theme-init.js set, and the shell's own classes dropped.
 */
function shellAsShown(region: SpecRegion): { header: string; hero: string } {
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  runThemeInit(region === 'cornell' ? '/' : `/${region}`);
  const style = document.documentElement.style;
  expect(document.documentElement.dataset.homeShell).toBe('');
  expect(document.documentElement.dataset.region).toBe(region);

  const shell = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('home-shell')!;
  const words: Record<string, string> = { 'shell-region-name': SPEC_REGION_SUMMARIES[region].name, 'shell-region-subtitle': SPEC_REGION_SUMMARIES[region].subtitle };
  for (const element of shell.querySelectorAll('.shell-dark')) element.remove();
  for (const element of shell.querySelectorAll('[class*="shell-"]')) {
    const filled = [...element.classList].find((name) => /^shell-(weekday-\d|day-\d|days)$/.test(name));
    const named = [...element.classList].find((name) => name in words);
    if (filled) element.replaceWith(JSON.parse(style.getPropertyValue(`--${filled}`)) as string);
    else if (named) element.replaceWith(words[named]!);
    else element.classList.remove('shell-light');
  }
  return { header: describeElement(shell.querySelector('header')!), hero: describeElement(shell.querySelector('main section')!) };
}

/** React's header and hero, signed out, before any answer (the counts, the search's busy state). */
async function reactsDrawing(path: string): Promise<{ header: string; hero: string }> {
  const { container, unmount } = renderWithApp(routes, { path });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });
  // A closed select shows its chosen option only; the shell lists just that one.
  for (const option of container.querySelectorAll('select option:not(:first-child)')) option.remove();
  const drawing = { header: describeElement(container.querySelector('header')!), hero: describeElement(container.querySelector('main section')!) };
  unmount();
  return drawing;
}

beforeEach(() => {
  localStorage.clear();
  setPublicSocketFactory((options) => new FakeSocket(options) as unknown as PublicSocket);
  // Answers that never come: React's first drawing, as the shell stands in for it.
  fakeServer({});
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});

afterEach(() => {
  vi.unstubAllGlobals();
  setPublicSocketFactory(null);
  document.documentElement.removeAttribute('style');
  delete document.documentElement.dataset.homeShell;
});

describe("index.html's home shell", () => {
  it.each(['cornell', 'nj'] as const)('draws the header and hero as React does (%s)', async (region) => {
    const shell = shellAsShown(region);
    const react = await reactsDrawing(region === 'cornell' ? '/' : '/nj');
    expect(shell.header).toBe(react.header);
    expect(shell.hero).toBe(react.hero);
  });

  it('is shown on a home address and the login page of a signed-out visitor only', () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const shown = (path: string) => {
      delete document.documentElement.dataset.homeShell;
      runThemeInit(path);
      return document.documentElement.dataset.homeShell === '';
    };
    expect([shown('/'), shown('/cornell'), shown('/nj/'), shown('/?ride=abc')]).toEqual([true, true, true, true]);
    expect([shown('/login'), shown('/nj/login?redirect=inbox')]).toEqual([true, true]);
    expect([shown('/terms'), shown('/nj/inbox'), shown('/nj/login/more'), shown('/mars')]).toEqual([false, false, false, false]);
    localStorage.setItem('auth_token_nj', 'token');
    expect([shown('/nj'), shown('/')]).toEqual([false, true]);
  });
});
