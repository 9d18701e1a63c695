// The app shell's inline script (decision 065). It runs while the page is parsed, before the app's JavaScript, and
// shows the static shell only where the app would show that page: the access gate open (as app/access-gate.tsx
// decides it), the path '/', the saved language's texts. client/build/app-shell.ts puts this function into
// index.html followed by a call with the storage keys and the texts of the languages other than English;
// the server allows it by its hash (Content-Security-Policy, server/http/index-page.ts).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function showAppShell(config) {
  var shell = document.getElementById('app-shell');
  var read = function (key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  var meta = document.querySelector('meta[name="gate-prefix"]');
  var prefix = meta ? meta.getAttribute('content') : 'pass';
  if (prefix !== '') {
    if (location.search.replace(/^\?/, '').indexOf(prefix) === 0) {
      try {
        window.localStorage.setItem(config.keys.gate, '1');
      } catch {
        // As in the app: without storage the gate stays closed.
      }
    }
    if (read(config.keys.gate) === null) return;
  }
  if (!shell || location.pathname !== '/') return;
  var language = read(config.keys.language);
  var known = language !== null && Object.prototype.hasOwnProperty.call(config.texts, language);
  var lang = known ? language.toLowerCase() : 'en';
  var texts = known ? config.texts[language] : {};
  var i;
  var nodes = shell.querySelectorAll('[data-k]');
  for (i = 0; i < nodes.length; i += 1) {
    if (texts[nodes[i].getAttribute('data-k')]) nodes[i].textContent = texts[nodes[i].getAttribute('data-k')];
  }
  nodes = shell.querySelectorAll('[data-ka]');
  for (i = 0; i < nodes.length; i += 1) {
    if (texts[nodes[i].getAttribute('data-ka')])
      nodes[i].setAttribute('aria-label', texts[nodes[i].getAttribute('data-ka')]);
  }
  // With a saved session the header shows neither "Login" nor the avatar until the home page's answer names the user.
  if (read(config.keys.token) !== null) shell.querySelector('.sh-login').remove();
  document.documentElement.lang = lang;
  shell.hidden = false;
}
