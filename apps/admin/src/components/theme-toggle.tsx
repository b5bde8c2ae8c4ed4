import { useTranslation } from 'react-i18next';
import { setTheme, useTheme } from '../lib/theme.ts';

/** Switches between the light and dark theme, kept in localStorage. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" className="button button-ghost" onClick={() => setTheme(next)}>
      <span aria-hidden="true" className="theme-icon">
        {theme === 'dark' ? '☀' : '☾'}
      </span>
      {next === 'dark' ? t('topBar.themeToDark') : t('topBar.themeToLight')}
    </button>
  );
}
