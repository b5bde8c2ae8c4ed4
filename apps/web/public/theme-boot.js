// Runs before the first paint (a classic script: the CSP allows no inline script). The app applies the same again.
(() => {
  try {
    const root = document.documentElement;
    const theme = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    const cached = JSON.parse(sessionStorage.getItem('settings') || 'null');
    const brand = cached?.value?.info?.whitelabel;
    if (brand && /^#[0-9a-f]{6}$/i.test(brand.primaryColour) && /^#[0-9a-f]{6}$/i.test(brand.accentColour)) {
      root.style.setProperty('--brand-primary', brand.primaryColour);
      root.style.setProperty('--brand-accent', brand.accentColour);
      document.title = String(brand.brandName);
    }
  } catch {
    // Storage blocked: the defaults stand until the app starts.
  }
})();
