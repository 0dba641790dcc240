import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from '../app/routes/page-error-boundary';
import { AppRoot } from '../app/root';
import { allowConsoleErrors } from '../test/console-errors';
import { fakeServer } from '../test/fake-server';
import { renderWithApp } from '../test/render-with-app';
import { browser } from './browser';
import { importWithReload, isChunkLoadError, lazyWithReload } from './lazy-with-reload';

// What Chromium says when a chunk is gone (a deployment replaced the files).
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/inbox-page-Old.js');

let reload: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  sessionStorage.clear();
  reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('importWithReload', () => {
  it('passes a loaded chunk through without reloading', async () => {
    await expect(importWithReload(() => Promise.resolve('module'))).resolves.toBe('module');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a chunk fails, and leaves the promise pending for the reload', async () => {
    const settled = vi.fn();
    void importWithReload(() => Promise.reject(chunkError())).then(settled, settled);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
  });

  it('passes the error on when the page reloaded for a failed chunk moments ago, and reloads again later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    void importWithReload(() => Promise.reject(chunkError()));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    vi.setSystemTime(Date.now() + 5_000);
    await expect(importWithReload(() => Promise.reject(chunkError()))).rejects.toThrow('dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + 60_000);
    void importWithReload(() => Promise.reject(chunkError()));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('never reloads when session storage refuses the marker (it could not stop a loop)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    await expect(importWithReload(() => Promise.reject(chunkError()))).rejects.toThrow('dynamically imported module');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('a lazily loaded page that cannot be loaded', () => {
  it('shows the error page inside the app once the reload did not help', async () => {
    fakeServer({});
    // React reports the chunk error that the page's error boundary caught.
    allowConsoleErrors(/^'TypeError: Failed to fetch dynamically imported module: http:\/\/localhost\/assets\/inbox-page-Old\.js'\n\nThe above error occurred in one of your React components\./);
    sessionStorage.setItem('chunk_reload_at', String(Date.now()));
    const BrokenPage = lazyWithReload<object>(() => Promise.reject(chunkError()));
    renderWithApp([{ element: <AppRoot />, children: [{ path: '/', element: <PageErrorBoundary />, children: [{ index: true, element: <BrokenPage /> }] }] }]);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('renders the given stand-in for a part of a page instead of failing the page', async () => {
    fakeServer({});
    sessionStorage.setItem('chunk_reload_at', String(Date.now()));
    const Part = lazyWithReload<object>(
      () => Promise.reject(chunkError()),
      () => <p>Part unavailable</p>,
    );
    renderWithApp(<Part />);
    expect(await screen.findByText('Part unavailable')).toBeInTheDocument();
  });
});

describe('a lazily loaded component whose code is already loaded', () => {
  it('renders in the first render after preload, without suspending', async () => {
    const Page = lazyWithReload<{ name: string }>(() => Promise.resolve(({ name }: { name: string }) => <p>Hello {name}</p>));
    await Page.preload();
    const { container } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    // Synchronously, in the render's own commit: no fallback first.
    expect(container.textContent).toBe('Hello Ada');
  });

  it('keeps the state below it when its parent renders again after a lazy load', async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          count {count}
        </button>
      );
    }
    const Part = lazyWithReload<object>(() => Promise.resolve(Counter));
    function Parent() {
      const [, setTick] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setTick((tick) => tick + 1)}>
            again
          </button>
          <Suspense fallback={<p>Loading</p>}>
            <Part />
          </Suspense>
        </>
      );
    }
    render(<Parent />);
    fireEvent.click(await screen.findByRole('button', { name: 'count 0' }));
    expect(screen.getByRole('button', { name: 'count 1' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'again' }));
    expect(screen.getByRole('button', { name: 'count 1' })).toBeInTheDocument();
  });

  it('does not reload the page when a preload fails; the render loads it again', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue(() => <p>Loaded</p>);
    const Part = lazyWithReload<object>(load);
    await Part.preload();
    expect(reload).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part />
      </Suspense>,
    );
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('isChunkLoadError', () => {
  it('knows the messages of Chromium, Firefox, Safari and Vite, and nothing else', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/rides-map.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('dynamically imported module')).toBe(false);
  });
});
