import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst, type Plugin } from 'vite';

/**
 * A page route as the router declares it: its path (relative to the region prefixes, or absolute),
 * the module of its lazily loaded page, and who it is drawn for (`handle.visitor`).
 */
export interface PageRouteSource {
  path: string;
  absolute: boolean;
  module: string;
  visitor: 'signed-in' | 'signed-out' | null;
}

/** One row of the table theme-init.js reads: the address pattern, who it is for, the files. */
export type PagePreloadRow = [pattern: string, visitor: 'signed-in' | 'signed-out' | null, files: string[]];

/** Where theme-init.js receives the table; the file itself (served as is in development) holds an empty one. */
export const PAGE_PRELOAD_MARKER = '/* page-chunks */ []';

type Node = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const each of node) walk(each, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') walk(value, visit);
}

const propertyOf = (object: Node, name: string): Node | undefined =>
  (object.properties as Node[]).find(
    (property) => property.type === 'Property' && isNode(property.key) && (property.key.name === name || property.key.value === name),
  )?.value as Node | undefined;

const stringOf = (node: Node | undefined): string | null => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null);

/**
 * The page routes of the router's source: every route object with a `handle: { page: X }` where X
 * is declared as `lazyWithReload(() => import('...'))`. A route in the `pageRoutes` array is mounted
 * under each region prefix; one elsewhere keeps its absolute path. A handle that names no lazy page,
 * or a page route outside `pageRoutes` without an absolute path, stops the build: the table must
 * say what the router does.
 */
export function readPageRoutes(routerSource: string, routerFile: string): PageRouteSource[] {
  const program = parseAst(routerSource, { lang: 'tsx' }, routerFile);
  const lazyModules = new Map<string, string>();
  const pageRouteObjects = new Set<Node>();
  const routeObjects: Node[] = [];
  walk(program, (node) => {
    if (node.type === 'VariableDeclarator' && isNode(node.id) && isNode(node.init)) {
      const name = node.id.name as string;
      const init = node.init;
      if (init.type === 'CallExpression' && isNode(init.callee) && init.callee.name === 'lazyWithReload') {
        walk(init, (inner) => {
          if (inner.type === 'ImportExpression' && isNode(inner.source)) {
            const specifier = stringOf(inner.source);
            if (specifier) lazyModules.set(name, specifier);
          }
        });
      }
      if (name === 'pageRoutes') {
        walk(init, (inner) => {
          if (inner.type === 'ObjectExpression') pageRouteObjects.add(inner);
        });
      }
    }
    if (node.type === 'ObjectExpression' && propertyOf(node, 'handle')) routeObjects.push(node);
  });

  return routeObjects.map((route) => {
    const handle = propertyOf(route, 'handle')!;
    const page = handle.type === 'ObjectExpression' ? propertyOf(handle, 'page') : undefined;
    const specifier = page?.type === 'Identifier' ? lazyModules.get(page.name as string) : undefined;
    const where = `router.tsx, route ${stringOf(propertyOf(route, 'path')) ?? '(index)'}`;
    if (!specifier) throw new Error(`${where}: handle.page is not a lazyWithReload(() => import('...')) page`);
    const visitor = stringOf(propertyOf(handle, 'visitor'));
    if (visitor !== null && visitor !== 'signed-in' && visitor !== 'signed-out') throw new Error(`${where}: handle.visitor is ${visitor}`);
    const isIndex = propertyOf(route, 'index')?.value === true;
    const routePath = isIndex ? '' : stringOf(propertyOf(route, 'path'));
    if (routePath === null) throw new Error(`${where}: a page route needs a literal path or index: true`);
    const absolute = !pageRouteObjects.has(route);
    if (absolute && !routePath.startsWith('/')) throw new Error(`${where}: a page route outside pageRoutes needs an absolute path`);
    return { path: routePath, absolute, module: path.resolve(path.dirname(routerFile), specifier), visitor };
  });
}

/** The prefixes under which `pageRoutes` is mounted: every `{ path: '...', children: pageRoutes }`. */
export function readRegionPrefixes(routerSource: string, routerFile: string): string[] {
  const prefixes: string[] = [];
  walk(parseAst(routerSource, { lang: 'tsx' }, routerFile), (node) => {
    if (node.type !== 'ObjectExpression') return;
    const children = propertyOf(node, 'children');
    const routePath = stringOf(propertyOf(node, 'path'));
    if (children?.type === 'Identifier' && children.name === 'pageRoutes' && routePath !== null) prefixes.push(routePath);
  });
  return prefixes;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The route's path as a regular expression over the address, as React Router matches it: a
 * `:param` is one segment, `*` the rest, a trailing slash is allowed (theme-init.js matches it
 * case-insensitively, as the router does).
 */
export function routePattern(route: Pick<PageRouteSource, 'path' | 'absolute'>, prefixes: readonly string[]): string {
  const segments = route.path.split('/').filter(Boolean);
  const body = segments.map((segment) => (segment === '*' ? '(?:/.*)?' : `/${segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)}`)).join('');
  if (route.absolute) return `^${body}/?$`;
  const regions = prefixes.filter((prefix) => prefix !== '/').map((prefix) => escapeRegExp(prefix.slice(1)));
  const prefix = regions.length > 0 ? `(?:/(?:${regions.join('|')}))?` : '';
  return `^${prefix}${body}/?$`;
}

/**
 * React Router picks the most specific route, whatever the order they are written in: a static
 * segment before a `:param`, anything before the splat. theme-init.js takes the first pattern
 * that matches, so the table is in that order.
 */
export function rankRoutes<Route extends Pick<PageRouteSource, 'path'>>(routes: readonly Route[]): Route[] {
  const weight = (route: Route) => {
    const segments = route.path.split('/').filter(Boolean);
    return (segments.includes('*') ? 1000 : 0) + segments.filter((segment) => segment.startsWith(':')).length;
  };
  return routes.map((route, index) => ({ route, index })).sort((a, b) => weight(a.route) - weight(b.route) || a.index - b.index).map(({ route }) => route);
}

interface BundleChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
}

/** The files `fileName` needs before it runs: itself and its static imports, transitively. */
function staticClosure(bundle: Record<string, BundleChunk>, fileNames: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...fileNames];
  while (pending.length > 0) {
    const fileName = pending.pop()!;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    pending.push(...(bundle[fileName]?.imports ?? []));
  }
  return seen;
}

/**
 * Writes into theme-init.js, for every page route, the chunks that route's page needs beyond the
 * entry, so that theme-init.js (a synchronous script in <head>, the one place that runs before the
 * entry and knows the address; the CSP allows no inline script) can ask for them with
 * `<link rel="modulepreload">` while the entry downloads, instead of once the entry has run and
 * `preloadFirstPage` imports the page (docs/decisions/web-code-splitting.md).
 */
export function firstPagePreload(options: { routerFile: string; themeInitFile: string }): Plugin {
  return {
    name: 'carpool:first-page-preload',
    apply: 'build',
    generateBundle(_outputOptions, bundle) {
      const routerSource = readFileSync(options.routerFile, 'utf8');
      const routes = rankRoutes(readPageRoutes(routerSource, options.routerFile));
      const prefixes = readRegionPrefixes(routerSource, options.routerFile);
      const chunks = bundle as unknown as Record<string, BundleChunk>;
      const entry = Object.values(chunks).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      if (!entry) throw new Error('first-page-preload: the bundle has no entry chunk');
      const entryFiles = staticClosure(chunks, [entry.fileName]);
      const chunkOfModule = new Map(
        Object.values(chunks).flatMap((chunk) => (chunk.type === 'chunk' && chunk.facadeModuleId ? [[chunk.facadeModuleId.replace(/\.tsx?$/, ''), chunk] as const] : [])),
      );
      const table: PagePreloadRow[] = routes.map((route) => {
        const chunk = chunkOfModule.get(route.module);
        if (!chunk) throw new Error(`first-page-preload: no chunk for the page ${route.module}`);
        const files = [...staticClosure(chunks, [chunk.fileName])].filter((file) => !entryFiles.has(file)).sort();
        return [routePattern(route, prefixes), route.visitor, files.map((file) => `/${file}`)];
      });

      const themeInit = readFileSync(options.themeInitFile, 'utf8');
      if (!themeInit.includes(PAGE_PRELOAD_MARKER)) throw new Error(`first-page-preload: ${options.themeInitFile} has no ${PAGE_PRELOAD_MARKER}`);
      this.emitFile({ type: 'asset', fileName: path.basename(options.themeInitFile), source: themeInit.replace(PAGE_PRELOAD_MARKER, JSON.stringify(table)) });
    },
  };
}
