/* global window, document, location */
// Keys mirror STORAGE_KEYS.theme and STORAGE_KEYS.currentRegion; this file cannot import them.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
    var first = location.pathname.split('/')[1];
    var region = first === 'cornell' || first === 'nj' ? first : localStorage.getItem('current_region');
    document.documentElement.dataset.region = region === 'nj' ? 'nj' : 'cornell';
  } catch {
    // Storage can be blocked (private modes); the app then starts with the defaults.
  }
})();
