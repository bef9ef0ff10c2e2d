// Applies the stored theme before the first paint (an external file: the CSP forbids inline scripts).
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch (e) {
    stored = null;
  }
  var theme = stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'dark';
  var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
