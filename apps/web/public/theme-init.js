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
    // The browser's bar in the region's colour from the first paint (REGION_BRAND_COLOUR; the
    // region provider keeps it, and the manifest link, in step afterwards).
    var themeColor = document.querySelector('meta[name="theme-color"]');
    if (themeColor) themeColor.setAttribute('content', region === 'nj' ? '#1d5fd6' : '#b31b1b');
    // index.html's static shell of the home page, for a signed-out visitor on /, /cornell or /nj,
    // and on /login (the home page under the sign-in dialog) (docs/decisions/web-code-splitting.md),
    // with the carousel's five days from today, written as the home page writes them (ride-dates.ts,
    // date-carousel.tsx).
    if (/^\/((cornell|nj)\/?)?$|^(\/(cornell|nj))?\/login\/?$/.test(location.pathname) && !localStorage.getItem('auth_token_' + region)) {
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
  } catch {
    // Storage can be blocked (private modes); the app then starts with the defaults.
  }
})();
