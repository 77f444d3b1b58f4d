/* global document, window */
// A server-rendered page's scripts, fetched once the page has loaded (its stylesheet, fonts and hero
// photograph are in): on a slow connection the app's JavaScript then never shares the bandwidth with
// what the first paint and the largest image need; the page is readable without it and hydrates
// when it arrives. The server puts this script in place of the page's module scripts and preloads
// (apps/server/src/plugins/server-render.ts), their URLs in `data-modules` and `data-preloads`.
(function () {
  var script = document.currentScript;
  var list = function (name) {
    return ((script && script.getAttribute(name)) || '').split(' ').filter(Boolean);
  };
  var modules = list('data-modules');
  var preloads = list('data-preloads');
  function start() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    modules.forEach(function (src) {
      import(src).catch(function (err) {
        console.error('The page could not load its script ' + src, err);
      });
    });
  }
  // After the load, and after the next paint too: a page that has not painted yet by its load (a busy
  // phone) paints before its scripts start to download. A hidden tab paints nothing until shown,
  // so it starts at once.
  function afterPaint() {
    if (document.visibilityState === 'hidden') return start();
    window.requestAnimationFrame(function () {
      window.setTimeout(start, 0);
    });
  }
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
