/* global window, document */
// Applies the saved theme before first paint so dark-mode visitors never see a white flash.
// A file, not an inline script: the content security policy runs scripts from this origin only (decision 0019).
try {
  var s = JSON.parse(localStorage.getItem('app_setting') || 'null');
  var v = s && s.value;
  var dark = v && v.theme ? v.theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
} catch {
  document.documentElement.dataset.theme = 'light';
}
