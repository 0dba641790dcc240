import { format } from 'node:util';
import { expect } from 'vitest';

/**
 * An unexpected console.error fails a web test, as it fails a browser journey (e2e/fixtures/test.ts).
 * The setup file records every console.error of a test file: the app's own logs, React's warnings
 * (an update outside act(), a missing key) and its reports of errors an error boundary caught, and
 * what jsdom reports through its virtual console (a feature it does not implement, an uncaught
 * error of an event listener when the page listens for "error"). Any that the running test did not
 * allow with allowConsoleErrors fails it, after its cleanup; one logged after a test ended (work it
 * left running) fails the file, naming that test. An uncaught error that nothing listens for is
 * Vitest's own: it reports it as an unhandled error and fails the run.
 */

type Pattern = string | RegExp;

/** What the running test allowed; after it ends, until the next starts, still what it allowed. */
let allowed: Pattern[] = [];
/** The running test's console errors. */
let seen: string[] = [];
let running = false;
let lastTest: string | undefined;
/** Console errors logged outside a test and not allowed by the test before them. */
const late: string[] = [];
let original: typeof console.error | undefined;

/**
 * Allows, in the running test only, the console errors matching these patterns: those of a
 * failure the test provokes on purpose (a refused call, a chunk that does not load) and that the
 * app logs as the spec asks. A string matches a part of the message, a RegExp as it says. The
 * message is the arguments formatted as console.error prints them, an Error as its name and
 * message without its stack (e.g. "Sign-in failed ApiError: Please sign in with ..."). An allowed
 * error prints nothing; any other console error still prints and fails the test.
 */
export function allowConsoleErrors(...patterns: Pattern[]): void {
  allowed.push(...patterns);
}

/** The console errors of the running test so far, allowed or not, as patterns see them. */
export function consoleErrors(): readonly string[] {
  return [...seen];
}

/** The message a pattern is matched against (see allowConsoleErrors). */
export function consoleErrorMessage(args: unknown[]): string {
  return format(...args.map((arg) => (arg instanceof Error ? String(arg) : arg)));
}

function isAllowed(message: string): boolean {
  return allowed.some((pattern) => (typeof pattern === 'string' ? message.includes(pattern) : message.search(pattern) >= 0));
}

interface JsdomError extends Error {
  detail?: unknown;
}

interface VirtualConsole {
  removeAllListeners(event: 'jsdomError'): void;
  on(event: 'jsdomError', listener: (error: JsdomError) => void): void;
}

/**
 * jsdom's virtual console writes its reports to the console it was given when the environment
 * started, which is not the console of the tests: send them to the tests' console.error instead.
 */
function routeJsdomErrors(): void {
  const { jsdom } = globalThis as { jsdom?: { virtualConsole: VirtualConsole } };
  if (!jsdom) return;
  jsdom.virtualConsole.removeAllListeners('jsdomError');
  jsdom.virtualConsole.on('jsdomError', (error) => {
    if (error.detail === undefined) console.error(error);
    else console.error(error, error.detail);
  });
}

/**
 * Once per test file, before its tests: records console.error, and prints only what is not
 * allowed (with its arguments, stack included). A plain replacement, not vi.spyOn: the test files'
 * vi.restoreAllMocks() would end the recording. A test may still spy on it to look at the calls.
 */
export function startRecordingConsoleErrors(): void {
  routeJsdomErrors();
  original = console.error;
  const print = original;
  console.error = (...args: unknown[]) => {
    const message = consoleErrorMessage(args);
    const isAllowedMessage = isAllowed(message);
    if (running) seen.push(message);
    else if (!isAllowedMessage) late.push(`${message} (${lastTest ? `logged after "${lastTest}" had ended` : 'logged before the first test'})`);
    if (!isAllowedMessage) print.apply(console, args);
  };
}

/** Before each test. */
export function beginTestConsoleErrors(): void {
  allowed = [];
  seen = [];
  running = true;
}

/** After each test and its cleanup (an unmount may still log): fails the test on any error it did not allow. */
export function checkTestConsoleErrors(): void {
  running = false;
  lastTest = expect.getState().currentTestName;
  const unallowed = seen.filter((message) => !isAllowed(message));
  seen = [];
  expect(
    unallowed,
    'console errors of the test (a test that provokes one on purpose allows it with allowConsoleErrors)',
  ).toEqual([]);
}

/** After the file's tests: stops recording and fails the file on what was logged outside its tests. */
export function stopRecordingConsoleErrors(): void {
  if (original) console.error = original;
  original = undefined;
  const outside = late.splice(0);
  expect(outside, 'console errors logged outside a test (a test that left work running, which logged once it had ended)').toEqual([]);
}
