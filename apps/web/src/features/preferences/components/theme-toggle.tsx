import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { setTheme, useTheme } from '../../../lib/theme.ts';

/** Light or dark (light by default); the choice is kept locally. */
export function ThemeToggle({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={showLabel ? 'btn btn-secondary theme-toggle' : 'icon-button theme-toggle'}
      aria-pressed={dark}
      aria-label={showLabel ? undefined : t('common.darkTheme')}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
      {showLabel ? t('common.darkTheme') : null}
    </button>
  );
}
