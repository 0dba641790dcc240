import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { allowConsoleErrors, consoleErrorMessage, consoleErrors } from './console-errors';

// The check of the setup file itself (./console-errors.ts), as e2e/tests/foundation.spec.ts checks
// the journeys' one. The tests expected to fail print the error they provoke: that is the check.
describe('the web tests themselves', () => {
  test('a console error that the test allowed passes, and prints nothing', () => {
    allowConsoleErrors(/^an allowed error$/, 'Loading failed TypeError: offline');
    console.error('an allowed error');
    console.error('Loading failed', new TypeError('offline'));
    expect(consoleErrors()).toEqual(['an allowed error', 'Loading failed TypeError: offline']);
  });

  test.fails('a console error that the test did not allow fails it', () => {
    allowConsoleErrors(/^an allowed error$/);
    console.error('an error nobody allowed');
  });

  test.fails("a React warning fails the test (here a list's missing keys)", () => {
    render(
      <ul>
        {/* No key on purpose. */}
        {['one', 'two'].map((item) => (
          <li>{item}</li>
        ))}
      </ul>,
    );
  });

  test.fails('an uncaught error of an event listener, reported by jsdom, fails the test', () => {
    // With a listener for "error" on the window, Vitest leaves the report to jsdom's virtual console.
    const listener = () => undefined;
    window.addEventListener('error', listener);
    const button = document.createElement('button');
    button.addEventListener('click', () => {
      throw new Error('an uncaught error');
    });
    button.click();
    window.removeEventListener('error', listener);
  });

  test('a pattern sees the formatted message, an Error as its name and message', () => {
    expect(consoleErrorMessage(['Failed to load %s', 'reviews', new RangeError('too many'), { page: 2 }])).toBe(
      'Failed to load reviews RangeError: too many { page: 2 }',
    );
  });
});
