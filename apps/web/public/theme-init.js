// Applies the stored or system theme before first paint (kept in step with src/lib/theme-store.ts).
(() => {
  let theme = null;
  try {
    const stored = window.localStorage.getItem('mqr.theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
  } catch {
    // storage unavailable: fall back to the system preference
  }
  if (!theme) {
    theme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
})();
