import { i18n } from '../../lib/i18n.ts';

/** Shown for the moment before the first answer (or a language file) arrives. Reads i18n directly: it must not suspend. */
export function Splash() {
  return (
    <div className="splash" role="status" aria-live="polite">
      <span className="splash__spinner" aria-hidden="true" />
      <span className="visually-hidden">{i18n.t('common.loading')}</span>
    </div>
  );
}
