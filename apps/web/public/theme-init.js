/* global window, document, location */
// Keys mirror STORAGE_KEYS.theme and STORAGE_KEYS.currentRegion; this file cannot import them.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
    var first = location.pathname.split('/')[1];
    var region = first === 'cornell' || first === 'nj' ? first : localStorage.getItem('current_region');
    region = region === 'nj' ? 'nj' : 'cornell';
    document.documentElement.dataset.region = region;
    // index.html's static shell of the home page, for a signed-out visitor on /, /cornell or /nj,
    // and on /login (the home page under the sign-in dialog) (docs/decisions/web-code-splitting.md),
    // with the carousel's five days from today, written as the home page writes them (ride-dates.ts,
    // date-carousel.tsx).
    var signedIn = Boolean(localStorage.getItem('auth_token_' + region));
    if (/^\/((cornell|nj)\/?)?$|^(\/(cornell|nj))?\/login\/?$/.test(location.pathname) && !signedIn) {
      var months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
      var weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
      var now = new Date();
      var style = document.documentElement.style;
      var labels = [];
      for (var i = 0; i < 5; i += 1) {
        var day = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + i));
        labels.push(day.getUTCDate() + ' ' + months[day.getUTCMonth()]);
        style.setProperty('--shell-weekday-' + i, JSON.stringify(i === 0 ? 'Today' : weekdays[day.getUTCDay()]));
        style.setProperty('--shell-day-' + i, JSON.stringify(labels[i]));
      }
      style.setProperty('--shell-days', JSON.stringify(labels[0] + ' \u2013 ' + labels[4]));
      document.documentElement.dataset.homeShell = '';
    }
    // The address's page chunks, asked for beside the entry rather than once the entry has run
    // (preloadFirstPage): [pattern, who the page is for, files], most specific route first. The
    // build writes the table (vite/first-page-preload.ts); in development it is empty. A page for
    // the other kind of visitor (one that redirects) gets no hint. In a task of its own: each link
    // starts a request then and there, which in this script would hold back the first paint.
    var address = location.pathname;
    setTimeout(function () {
      var pages = /* page-chunks */ [];
      for (var p = 0; p < pages.length; p += 1) {
        if (!new RegExp(pages[p][0], 'i').test(address)) continue;
        if (pages[p][1] === null || (pages[p][1] === 'signed-in') === signedIn) {
          for (var f = 0; f < pages[p][2].length; f += 1) {
            var link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = pages[p][2][f];
            document.head.appendChild(link);
          }
        }
        break;
      }
    }, 0);
  } catch {
    // Storage can be blocked (private modes); the app then starts with the defaults.
  }
})();
