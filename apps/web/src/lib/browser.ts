/**
 * Full-page navigation, kept behind an object so tests can observe it (jsdom cannot navigate).
 * A full load is wanted after an expired session: every in-memory cache and socket starts over.
 */
export const browser = {
  reloadAt(path: string): void {
    window.location.assign(path);
  },
  reload(): void {
    window.location.reload();
  },
};
