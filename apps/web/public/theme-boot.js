// Paints the last theme before the console loads (no white flash in dark); key: lib/theme.ts LAST_THEME_KEY.
// A file, not an inline script: the server's Content Security Policy allows scripts from 'self' only.
(() => {
  let dark = false;
  try {
    const choice = window.localStorage.getItem('mc-theme-last');
    dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    // storage refused (private mode): the light theme until the console loads
  }
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
