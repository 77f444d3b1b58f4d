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
  // The preloads go in a few at a time, a task each: each link costs the browser a few milliseconds
  // on a phone (Chromium at a 4x CPU slowdown: 76 ms for the landing's 33 in one task, which then
  // blocked input for longer than the 50 ms a long task may take).
  var BATCH = 6;
  // The server wrote the page's stylesheets into it, each <style> with its file's address. Vite's
  // preload helper adds a stylesheet a lazy chunk needs unless a stylesheet link of that address is
  // in the page, so one goes in, disabled, before the scripts start. It is not in the HTML itself:
  // Chromium fetches a disabled stylesheet link the parser meets, though not one a script adds.
  function linkWrittenStyles() {
    var written = document.querySelectorAll('style[data-href]');
    for (var i = 0; i < written.length; i++) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.disabled = true;
      link.href = written[i].getAttribute('data-href');
      document.head.appendChild(link);
    }
  }
  function start() {
    linkWrittenStyles();
    var next = 0;
    (function batch() {
      for (var end = Math.min(next + BATCH, preloads.length); next < end; next++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = preloads[next];
        document.head.appendChild(link);
      }
      if (next < preloads.length) return window.setTimeout(batch, 0);
      modules.forEach(function (src) {
        import(src).catch(function (err) {
          console.error('The page could not load its script ' + src, err);
        });
      });
    })();
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
