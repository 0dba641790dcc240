import type { FastifyServerOptions } from 'fastify';
import { expect } from 'vitest';
import { LOG_REDACT } from '../lib/logger.js';

/**
 * An unexpected error log fails a server test, as an unexpected console.error fails a web one
 * (apps/web/src/test/console-errors.ts). The apps of the tests log at error level into memory
 * (testLogger; nothing reaches the terminal): an unexpected 500 is logged by the error handler,
 * a failure of background work (the outbox, the periodic job, a socket) by its own code, so a
 * test fails on either even when it never looks at a status. A test that provokes one on purpose
 * (the database or the SMTP server down, a push service refusing) says so with allowErrorLogs.
 * Any other fails the test after its own closing hooks; one written outside a test (a file's
 * beforeAll or afterAll, work a test left running) fails the file, naming the test before it.
 */

type Pattern = string | RegExp;

interface LogLine {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
}

/** pino's numbers for error and fatal. */
const ERROR_LEVEL = 50;
const LEVEL_NAMES: Record<number, string> = { 50: 'error', 60: 'fatal' };

/** What the running test allowed; after it ends, until the next starts, still what it allowed. */
let allowedInTest: Pattern[] = [];
/** What the file allowed outside its tests (in a beforeAll), for the whole file. */
let allowedInFile: Pattern[] = [];
/** The running test's error lines, as patterns see them, each with the line it came from. */
let seen: Array<{ message: string; line: LogLine }> = [];
let running = false;
let lastTest: string | undefined;
/** Error lines written outside a test and allowed by nothing. */
const late: string[] = [];

/**
 * Allows the error-level log lines matching these patterns: those of a fault the test provokes on
 * purpose. Called in a test, for that test only; called outside one (a beforeAll), for the rest of
 * the file. A string matches a part of the message, a RegExp as it says. The message is the line's
 * `msg`, then, when it carries an error, that error's type and message: e.g. "unhandled error
 * Error: boom", "outbox: delivery failed Error: connect ECONNREFUSED 127.0.0.1:1".
 */
export function allowErrorLogs(...patterns: Pattern[]): void {
  if (running) allowedInTest.push(...patterns);
  else allowedInFile.push(...patterns);
}

/** The error lines of the running test so far, allowed or not, as patterns see them. */
export function errorLogs(): readonly string[] {
  return seen.map((entry) => entry.message);
}

/** The message a pattern is matched against (see allowErrorLogs). */
function errorLogMessage(line: LogLine): string {
  const error = line.err ? ` ${line.err.type ?? 'Error'}: ${line.err.message ?? ''}` : '';
  return `${line.msg ?? ''}${error}`.trim();
}

function isAllowed(message: string): boolean {
  return [...allowedInTest, ...allowedInFile].some((pattern) =>
    typeof pattern === 'string' ? message.includes(pattern) : message.search(pattern) >= 0,
  );
}

/** A line as a failure shows it: level, message, and the error's stack when it has one. */
function describeLine(message: string, line: LogLine): string {
  const frames = line.err?.stack?.split('\n').slice(1) ?? [];
  const stack = frames.map((frame) => `\n    ${frame.trim()}`).join('');
  return `[${LEVEL_NAMES[line.level] ?? line.level}] ${message}${stack}`;
}

/** Takes one line pino wrote (JSON, new line at the end). */
function recordLine(text: string): void {
  let line: LogLine;
  try {
    line = JSON.parse(text) as LogLine;
  } catch {
    line = { level: ERROR_LEVEL, msg: text.trim() };
  }
  if (line.level < ERROR_LEVEL) return;
  const message = errorLogMessage(line);
  if (running) seen.push({ message, line });
  else if (!isAllowed(message)) {
    late.push(`${describeLine(message, line)} (${lastTest ? `written after "${lastTest}" had ended` : 'written before the first test'})`);
  }
}

/**
 * The logger of a test's app: pino at error level, with the server's redaction, into the capture.
 * A test that reads the app's logs itself passes its own logger instead.
 */
export function testLogger(): NonNullable<FastifyServerOptions['logger']> {
  return { level: 'error', redact: LOG_REDACT, stream: { write: recordLine } };
}

/** Once per test file, before its tests (the files of a worker share this module). */
export function beginFileErrorLogs(): void {
  allowedInTest = [];
  allowedInFile = [];
  seen = [];
  running = false;
  lastTest = undefined;
  late.length = 0;
}

/** Before each test. */
export function beginTestErrorLogs(): void {
  allowedInTest = [];
  seen = [];
  running = true;
}

/** The running test's error lines that nothing allowed, described. */
function unallowedErrorLogs(): string[] {
  return seen.filter((entry) => !isAllowed(entry.message)).map((entry) => describeLine(entry.message, entry.line));
}

/** After each test and its closing hooks (closing an app may log): fails the test on an error line it did not allow. */
export function checkTestErrorLogs(): void {
  running = false;
  lastTest = expect.getState().currentTestName;
  const unallowed = unallowedErrorLogs();
  seen = [];
  if (unallowed.length > 0) {
    throw new Error(
      `the test wrote error logs it did not allow (a test that provokes one on purpose allows it with allowErrorLogs):\n${unallowed.join('\n')}`,
    );
  }
}

/** After the file's tests and closing hooks: fails the file on error lines written outside its tests. */
export function checkFileErrorLogs(): void {
  const outside = late.splice(0);
  allowedInFile = [];
  if (outside.length > 0) throw new Error(`error logs written outside a test:\n${outside.join('\n')}`);
}
