import './breaks.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openOverlay } from '../../../lib/overlays.ts';
import { breaksQuery } from '../api/breaks-api.ts';
import { formatBreakTime } from '../lib/break-time.ts';

/**
 * On every page of a member under a time-out, an exclusion or a closure: why play is off and until when, with the
 * withdrawal and the breaks one click away (docs/decisions/047-time-out-and-self-exclusion.md).
 */
export function RestrictionBanner() {
  const { t } = useTranslation();
  const state = useQuery(breaksQuery());
  const restriction = state.data?.restriction;
  if (!restriction) return null;
  const why = restriction.endsAt
    ? t(`saferGambling.breaks.banner.${restriction.kind}`, { time: formatBreakTime(restriction.endsAt) })
    : t('saferGambling.breaks.banner.closure');
  return (
    <section className="restriction-banner" role="status" aria-label={t('saferGambling.breaks.banner.label')}>
      <div className="container restriction-banner__inner">
        <p>
          {why} {t('saferGambling.breaks.banner.withdraw')}
        </p>
        <div className="restriction-banner__actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => openOverlay({ kind: 'memberCentre', page: 'withdraw' })}
          >
            {t('saferGambling.breaks.banner.withdrawButton')}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => openOverlay({ kind: 'memberCentre', page: 'saferGambling', section: 'breaks' })}
          >
            {t('saferGambling.breaks.banner.breaksButton')}
          </button>
        </div>
      </div>
    </section>
  );
}
