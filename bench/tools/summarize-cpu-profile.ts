/**
 * Prints where a CPU profile (node --cpu-prof, see BENCH_CPU_PROF in README.md) spent its time:
 * self time by package and by function. Usage: node --import tsx tools/summarize-cpu-profile.ts <file>
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const TOP = Number(process.env.TOP ?? 25);
const file = process.argv[2];
if (!file) throw new Error('usage: summarize-cpu-profile.ts <file.cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

function packageOf(url: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.includes('/apps/server/')) return 'apps/server';
  if (url.includes('/packages/shared/')) return 'packages/shared';
  if (url.startsWith('node:')) return 'node core';
  return url ? url : '(native, GC, idle)';
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const node = byId.get(id)!;
  const micros = profile.timeDeltas[index] ?? 0;
  total += micros;
  const { functionName, url, lineNumber } = node.callFrame;
  const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const pkg = functionName === '(idle)' ? '(idle)' : packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
});

const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
};
print('self time by package', byPackage);
print('self time by function', byFunction);

// Inclusive time: a function's own samples plus its callees', counted once per stack even when it recurses.
const selfByNode = new Map<number, number>();
profile.samples.forEach((id, index) => selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const inclusive = new Map<string, number>();
const nameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;
function visit(node: ProfileNode, onStack: Set<string>): number {
  let total = selfByNode.get(node.id) ?? 0;
  const name = nameOf(node);
  const fresh = !onStack.has(name);
  if (fresh) onStack.add(name);
  for (const child of node.children ?? []) total += visit(byId.get(child)!, onStack);
  if (fresh) {
    onStack.delete(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + total);
  }
  return total;
}
visit(profile.nodes[0]!, new Set());
for (const name of [...inclusive.keys()]) if (/^\((root|idle|program|garbage collector)\)/.test(name)) inclusive.delete(name);
print('inclusive time by function (application frames)', new Map([...inclusive].filter(([name]) => name.includes('apps/') || name.includes('packages/'))));
print('inclusive time by function (all)', inclusive);
