import '../safer-gambling.css';
import { useTranslation } from 'react-i18next';
import { openOverlay } from '../../../lib/overlays.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { useSystemStatus } from '../../system/api/get-system-status.ts';

const tools = ['limits', 'realityChecks', 'timeOut', 'selfExclusion', 'statement'] as const;
const signs = ['chasing', 'moreMoney', 'borrowing', 'neglect', 'secrecy', 'mood', 'cantStop'] as const;
const help = ['support', 'tools', 'pagcor', 'groups', 'family'] as const;

/**
 * The public responsible-gaming page (issue 18 item 7): the site's tools, the signs of problem gambling, where to get
 * help and the age rule. Open to guests; a member goes straight to their tools from it.
 */
export function ResponsibleGamingPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'responsibleGaming' });
  const token = useSessionToken();
  const age = useSystemStatus().data?.register.minimumAge ?? 18;
  const brand = useSystemStatus().data?.info.whitelabel.brandName ?? '';
  return (
    <div className="responsible-gaming">
      <p className="responsible-gaming__lead">{t('intro', { brand })}</p>

      <section aria-labelledby="rg-age" className="responsible-gaming__age">
        <span className="age-badge" aria-hidden="true">
          {age}+
        </span>
        <div>
          <h2 id="rg-age">{t('age.title')}</h2>
          <p>{t('age.line', { age })}</p>
        </div>
      </section>

      <section aria-labelledby="rg-tools">
        <h2 id="rg-tools">{t('tools.title')}</h2>
        <ul className="responsible-gaming__cards">
          {tools.map((tool) => (
            <li key={tool}>
              <h3>{t(`tools.${tool}.name`)}</h3>
              <p>{t(`tools.${tool}.line`)}</p>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() =>
            openOverlay(token ? { kind: 'memberCentre', page: 'saferGambling' } : { kind: 'login' })
          }
        >
          {token ? t('tools.open') : t('tools.login')}
        </button>
      </section>

      <section aria-labelledby="rg-signs">
        <h2 id="rg-signs">{t('signs.title')}</h2>
        <p>{t('signs.intro')}</p>
        <ul className="responsible-gaming__list">
          {signs.map((sign) => (
            <li key={sign}>{t(`signs.${sign}`)}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="rg-help">
        <h2 id="rg-help">{t('help.title')}</h2>
        <ul className="responsible-gaming__list">
          {help.map((item) => (
            <li key={item}>{t(`help.${item}`, { brand })}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
