import { firstPaint } from '../../lib/first-paint.ts';
import { i18n } from '../../lib/i18n.ts';

/**
 * Shown for the moment before the first answer (or a language file) arrives. Reads i18n directly: it must not suspend.
 * While the server's first screen is kept (decision 070) it shows that screen again instead of a spinner, so the
 * banner painted before any JavaScript stays in place until the page renders.
 */
export function Splash() {
  const screen = firstPaint();
  return (
    <div className={screen ? undefined : 'splash'} role="status" aria-live="polite">
      {screen ? (
        // The page's own markup as the browser parsed it, every value escaped by the server (http/first-paint.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: markup of this very document, not new input
        <div dangerouslySetInnerHTML={{ __html: screen }} />
      ) : (
        <span className="splash__spinner" aria-hidden="true" />
      )}
      <span className="visually-hidden">{i18n.t('common.loading')}</span>
    </div>
  );
}
