/* global document, MutationObserver, window */
// A server-rendered page is on screen before its scripts arrive (apps/web/public/after-load.js), and
// its buttons look ready before React has given them a handler. So that a tap made in that time is
// honoured, not lost, this script — loaded first, before the page paints — keeps the last button tap
// and the last form submission made before the app hydrates (`<html data-hydrated>`), and plays it
// again once it has. Links are left alone: they work without any script. A kept button shows that it
// is busy (`data-tap-pending`, `aria-busy`) until then. A form submitted before the app runs is sent
// by the app once it does, with its own messages, not posted by the browser meanwhile; without
// JavaScript (this script does not run) a form that posts (`method="post"`) is the browser's to send.
(function () {
  var root = document.documentElement;
  var hydrated = function () {
    return root.hasAttribute('data-hydrated');
  };
  if (hydrated()) return;

  var BUTTONS = 'button, [role="button"]';
  var pending = null; // { kind: 'click' | 'submit', el, submitter, key }

  // How to find the element again should hydration have replaced it: a button by its label and its
  // place among the buttons with that label, a form by its place among the page's forms.
  var labelOf = function (el) {
    return el.getAttribute('aria-label') || (el.textContent || '').trim();
  };
  function keyOf(el) {
    if (el.tagName === 'FORM') return { form: Array.prototype.indexOf.call(document.forms, el) };
    var label = labelOf(el);
    var same = Array.prototype.filter.call(document.querySelectorAll(BUTTONS), function (other) {
      return labelOf(other) === label;
    });
    return { label: label, index: same.indexOf(el) };
  }
  function find(p) {
    if (p.el.isConnected) return p.el;
    if (p.key.form != null) return document.forms[p.key.form] || null;
    var same = Array.prototype.filter.call(document.querySelectorAll(BUTTONS), function (other) {
      return labelOf(other) === p.key.label;
    });
    return same[p.key.index] || null;
  }
  // Whether React handles the element yet (a part of the page may hydrate after the rest, or be
  // replaced by the real thing when its code arrives): its props carry the handler.
  function live(el, handler) {
    for (var k in el) if (k.indexOf('__reactProps$') === 0) return !!(el[k] && el[k][handler]);
    return false;
  }
  function mark(el, on) {
    if (on) {
      el.setAttribute('data-tap-pending', '');
      el.setAttribute('aria-busy', 'true');
    } else {
      el.removeAttribute('data-tap-pending');
      el.removeAttribute('aria-busy');
    }
  }
  // The element that shows the wait: the button tapped, or the form's submit button.
  var shown = function (p) {
    return p.kind === 'submit' ? p.submitter || p.el : p.el;
  };
  function keep(next) {
    if (pending) mark(shown(pending), false);
    pending = next;
    mark(shown(next), true);
  }

  function onClick(event) {
    if (hydrated()) return;
    var target = event.target;
    var button = target && target.closest ? target.closest('button, [role="button"]') : null;
    if (!button || button.disabled || button.closest('a[href]')) return;
    // A submit button's tap becomes the form's submission, kept below.
    if (button.form && (button.type === 'submit' || button.getAttribute('type') == null)) return;
    event.preventDefault();
    event.stopPropagation();
    keep({ kind: 'click', el: button, key: keyOf(button) });
  }
  function onSubmit(event) {
    if (hydrated()) return;
    event.preventDefault();
    event.stopPropagation();
    var form = event.target;
    keep({ kind: 'submit', el: form, submitter: event.submitter || null, key: keyOf(form) });
  }
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);

  // Played once React handles the element, looked for every 50 ms for up to 10 s.
  function replay(tries) {
    var p = pending;
    if (!p) return;
    var el = find(p);
    if (!el || !live(el, p.kind === 'click' ? 'onClick' : 'onSubmit')) {
      if (tries < 200) window.setTimeout(replay, 50, tries + 1);
      else mark(shown(p), false);
      return;
    }
    pending = null;
    mark(shown(p), false);
    if (p.kind === 'click') el.click();
    else el.requestSubmit(p.submitter && p.submitter.isConnected ? p.submitter : undefined);
  }
  // Hydrated, a form React does not handle yet (its code still on the way) is kept and played like
  // the others, unless it posts (`method`): the server answers that one itself.
  function onLateSubmit(event) {
    var form = event.target;
    if (event.defaultPrevented || live(form, 'onSubmit') || form.getAttribute('method')) return;
    event.preventDefault();
    keep({ kind: 'submit', el: form, submitter: event.submitter || null, key: keyOf(form) });
    replay(0);
  }
  new MutationObserver(function (_, observer) {
    if (!hydrated()) return;
    observer.disconnect();
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    window.addEventListener('submit', onLateSubmit);
    replay(0);
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
})();
