// The loader of index.html (issue 12; scripts/vite/public-entries.ts inlines it with its config).
// It runs in the browser before the first paint, so it stays small and synchronous.
/* global document, window, __NUZL_LOADER_CONFIG__ */
(function () {
  var config = __NUZL_LOADER_CONFIG__;
  var root = document.documentElement;
  var loc = window.location;
  var path = loc.pathname.replace(/\/+$/, '') || '/';
  var params = new URLSearchParams(loc.search);

  // 1. The language (SPEC §1; the same rule as src/lib/i18n-core.ts detectLanguage): `?lang=`
  //    is an explicit choice and is remembered; a page under /ar is Arabic; else the stored
  //    choice, else the browser's first language.
  function store(value) {
    try {
      localStorage.setItem('language', value);
    } catch {
      /* storage disabled: the choice holds for this visit */
    }
  }
  var stored = null;
  try {
    stored = localStorage.getItem('language');
  } catch {
    /* storage disabled */
  }
  var asked = params.get('lang');
  var lang;
  if (asked === 'en' || asked === 'ar') {
    lang = asked;
    store(lang);
  } else if (/^\/ar(\/|$)/.test(path)) {
    lang = 'ar';
    store(lang);
  } else if (stored === 'en' || stored === 'ar') {
    lang = stored;
  } else {
    lang =
      ((navigator.languages && navigator.languages[0]) || navigator.language || '').toLowerCase().indexOf('ar') === 0
        ? 'ar'
        : 'en';
  }

  // 2. A prerendered page exists in both languages: go to the twin in the visitor's language.
  //    (The pairs are src/lib/i18n-core.ts PRERENDERED_TWINS, written into the config.)
  var twin = config.twins[lang][path];
  if (twin) {
    params.delete('lang');
    var query = params.toString();
    loc.replace(twin + (query ? '?' + query : '') + loc.hash);
    return;
  }
  root.lang = lang;
  root.dir = lang === 'ar' ? 'rtl' : 'ltr';

  // 3. This file is also every other path's fallback: its prerendered page is shown only on its
  //    own path; elsewhere it stays hidden until the app renders (main.tsx clears it).
  var prerendered = root.getAttribute('data-prerendered');
  if (prerendered && prerendered !== path) root.setAttribute('data-shell', '');

  // SPEC §9's prefetch (src/app/prefetch.ts) reads the files of the likely next screens here.
  window.__nuzlPrefetch = config.prefetch;

  // 4. The entry: the lean public booking page for /org/<slug>, the app for everything else.
  var site = /^\/org\/([^/]+)$/.exec(path);
  var entry = config.entries[site ? 'site' : 'app'];

  // The faces of a language (src/fonts.css), preloaded before the scripts compete for the line.
  function preloadFonts(language) {
    var fonts = config.fonts[language] || [];
    for (var f = 0; f < fonts.length; f++) {
      var font = document.createElement('link');
      font.rel = 'preload';
      font.as = 'font';
      font.type = 'font/woff2';
      font.href = fonts[f];
      font.crossOrigin = '';
      document.head.appendChild(font);
    }
  }

  // A booking page shows the organisation's default language unless the visitor chose one
  // (public-site-entry.tsx): without a choice its faces are known once its data is.
  var visitorChose = asked === 'en' || asked === 'ar' || stored === 'en' || stored === 'ar';
  var fontsLater = false;
  if (site && config.api.url) {
    var slug = decodeURIComponent(site[1]).toLowerCase();
    if (/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/.test(slug)) {
      // The page's one request starts now, while the scripts download (get-public-site-page.ts).
      // A GET with the key in its query string is a simple request: no CORS preflight before it
      // (the gateway reads `apikey` from the query as from the header).
      var answer = fetch(
        config.api.url +
          '/rest/v1/rpc/public_site_page?p_slug=' +
          encodeURIComponent(slug) +
          '&apikey=' +
          encodeURIComponent(config.api.key),
      )
        .then(function (response) {
          return response.ok ? response.json() : undefined;
        })
        .then(undefined, function () {
          /* the page asks again and explains the failure */
        });
      window.__nuzlPublicSitePage = { slug: slug, answer: answer };
      // The first unit's photo is the page's largest paint: ask for it as soon as the answer
      // names it, not once the scripts have drawn its card. The same URLs, srcset and sizes as
      // PublicUnitCard (src/lib/unit-photos.ts unitPhotoUrl), so the card's <img> reuses it.
      answer.then(function (page) {
        var first = page && page.units && page.units[0];
        if (!first || typeof first.main_photo !== 'string') return;
        var photoUrl = function (storagePath) {
          return config.api.url + '/storage/v1/object/public/unit-photos/' + storagePath.replace(/^\/+|\/+$/g, '');
        };
        var photo = document.createElement('link');
        photo.rel = 'preload';
        photo.as = 'image';
        photo.setAttribute('fetchpriority', 'high');
        if (typeof first.main_photo_small === 'string') {
          photo.setAttribute(
            'imagesrcset',
            photoUrl(first.main_photo_small) + ' 640w, ' + photoUrl(first.main_photo) + ' 1600w',
          );
          photo.setAttribute('imagesizes', '(min-width: 640px) 600px, 100vw');
        } else {
          photo.href = photoUrl(first.main_photo);
        }
        document.head.appendChild(photo);
      });
      if (!visitorChose) {
        fontsLater = true;
        answer.then(function (page) {
          var language = page && page.site && page.site.default_language;
          preloadFonts(language === 'ar' || language === 'en' ? language : lang);
        });
      }
    }
  }
  if (!fontsLater) preloadFonts(lang);

  // 5. The scripts. A prerendered page is complete without them: they start once it has been
  //    painted, so they neither share the line with its stylesheet and faces nor hold its first
  //    paint back while they run (LCP, issue 12). Other pages need them to show anything: at once.
  function preloadScripts() {
    var files = [entry.js].concat(entry.preload);
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = files[i];
      link.crossOrigin = '';
      document.head.appendChild(link);
    }
  }
  var ownPage = prerendered === path;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    if (ownPage) preloadScripts();
    var script = document.createElement('script');
    script.type = 'module';
    script.src = entry.js;
    script.crossOrigin = '';
    document.body.appendChild(script);
  }
  function afterFirstPaint() {
    // The browser reports its first contentful paint once the frame is on screen; the scripts
    // start in the task after. Where paint timing is missing, two frames stand in for it. A tab
    // hidden from the start paints nothing: the timer starts the scripts there.
    var paintTiming = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (paintTiming && paintTiming.indexOf('paint') >= 0) {
      var observer = new PerformanceObserver(function (list) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        setTimeout(start, 0);
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      window.requestAnimationFrame(function () {
        window.requestAnimationFrame(function () {
          setTimeout(start, 0);
        });
      });
    }
    setTimeout(start, 3000);
  }
  if (!ownPage) preloadScripts();
  var ready = ownPage ? afterFirstPaint : start;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
  else ready();
})();
