/* global window, document, location, getComputedStyle */
// Keys mirror STORAGE_KEYS.theme and STORAGE_KEYS.currentRegion, and the reserved first segments
// RESERVED_REGION_SLUGS (packages/shared/src/regions.ts); this file cannot import them.
(function () {
  try {
    var root = document.documentElement;
    var stored = localStorage.getItem('theme');
    var dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    root.classList.toggle('dark', dark);
    // The region: the address's first segment when it names one, else the stored one, else the
    // default. /api/regions.css (linked before this file, so it has loaded) gives every served
    // region its variables under [data-region], its own slug in --region-slug, and names the
    // default one: a slug is known when --region-slug says it back (the default region's
    // variables, on :root, reach any other value of data-region).
    var style = getComputedStyle(root);
    var reserved = /^(admin|api|assets|conversation-messages|dev|dev-sign-in|dev-idp|inbox|login|my-rides|profile|regions|ride-requests|sign-in|terms|about|privacy|static|icons|www)$/;
    var known = function (slug) {
      if (!slug || !/^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/.test(slug) || reserved.test(slug)) return false;
      root.dataset.region = slug;
      return getComputedStyle(root).getPropertyValue('--region-slug').trim() === '"' + slug + '"';
    };
    var first = location.pathname.split('/')[1];
    var prefix = known(first) ? first : null;
    var region = prefix || (known(localStorage.getItem('current_region')) ? localStorage.getItem('current_region') : null);
    if (!region) {
      var fallback = style.getPropertyValue('--default-region').trim();
      region = fallback ? JSON.parse(fallback) : '';
      if (region) root.dataset.region = region;
      else delete root.dataset.region;
    }
    // The browser's bar in the region's colour from the first paint (the region provider keeps it,
    // and the manifest link, in step afterwards).
    var brand = getComputedStyle(root).getPropertyValue('--color-brand').trim();
    var themeColor = document.querySelector('meta[name="theme-color"]');
    if (themeColor && brand) themeColor.setAttribute('content', brand);
    // index.html's static shell of the home page, for a signed-out visitor on / or /{region}, and
    // on /login (the home page under the sign-in dialog) (docs/decisions/web-code-splitting.md),
    // with the carousel's five days from today, written as the home page writes them (ride-dates.ts,
    // date-carousel.tsx).
    var page = prefix ? location.pathname.slice(prefix.length + 1) : location.pathname;
    if (region && /^\/?$|^\/login\/?$/.test(page) && !localStorage.getItem('auth_token_' + region)) {
      var months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
      var weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
      var now = new Date();
      var labels = [];
      for (var i = 0; i < 5; i += 1) {
        var day = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + i));
        labels.push(day.getUTCDate() + ' ' + months[day.getUTCMonth()]);
        root.style.setProperty('--shell-weekday-' + i, JSON.stringify(i === 0 ? 'Today' : weekdays[day.getUTCDay()]));
        root.style.setProperty('--shell-day-' + i, JSON.stringify(labels[i]));
      }
      root.style.setProperty('--shell-days', JSON.stringify(labels[0] + ' \u2013 ' + labels[4]));
      root.dataset.homeShell = '';
    }
  } catch {
    // Storage can be blocked (private modes); the app then starts with the defaults.
  }
})();
