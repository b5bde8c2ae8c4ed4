import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { LotteryBetting, LotteryLobby } from '../../features/lottery/components/lottery-page.tsx';
import {
  LotterySelectionDetails,
  readLotterySelection,
} from '../../features/lottery/components/lottery-selection.tsx';
import { readLaunchParams } from '../../features/lottery/lib/launch-params.ts';
import { useSystemStatus } from '../../features/system/api/get-system-status.ts';
import { changeLanguage, currentLanguage, isLanguageCode } from '../../lib/i18n.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/** The in-house lottery vendor (spec §9: LOTT); other vendors' lottery games open through their own launch. */
const inHouseVendors = new Set(['LOTT']);

/**
 * /lottery?gameCode&vendor&playType (and the launch parameters lottoGameCode, lottoPrizeMode): the in-house
 * lottery, header only: its lobby, or a game's betting page. Another vendor's selection is shown as chosen.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const selection = readLotterySelection(params);
  // The launch parameters (spec §7): lottoArea, lottoPrizeMode, lottoGameCode, lottoView, backUrl, language.
  const launch = readLaunchParams(params);
  const { prizeMode, gameCode } = launch;
  const languages = useSystemStatus().data?.info.whitelabel.supportedLanguages;
  useEffect(() => {
    const asked = launch.language;
    if (asked && isLanguageCode(asked) && languages?.includes(asked) && asked !== currentLanguage())
      void changeLanguage(asked, false);
  }, [launch.language, languages]);
  useDocumentTitle(t('pages.lottery.title'));
  if (!selection.vendor || inHouseVendors.has(selection.vendor)) {
    return (
      <div className="page">
        {launch.backUrl ? (
          <p className="lottery-back">
            <Link to={launch.backUrl}>{t('lottery.launchBack')}</Link>
          </p>
        ) : null}
        {launch.unknownArea ? (
          <p className="lottery-notice" role="status" data-testid="lottery-unknown-area">
            {t('lottery.unknownArea', { area: launch.unknownArea })}
          </p>
        ) : null}
        {gameCode && launch.view === 'betting' ? (
          <LotteryBetting gameCode={gameCode} prizeMode={prizeMode} />
        ) : (
          <LotteryLobby prizeMode={prizeMode} />
        )}
      </div>
    );
  }
  return (
    <div className="page page--standalone">
      <EmptyState
        icon="lottery"
        title={t('pages.lottery.selectedTitle')}
        line={t('pages.lottery.selectedLine')}
        action={
          <>
            <Link className="btn btn-primary" to={paths.lobby('LOTT')}>
              {t('nav.lottery')}
            </Link>
            <Link className="btn btn-secondary" to={paths.home}>
              {t('common.backHome')}
            </Link>
          </>
        }
      >
        <LotterySelectionDetails selection={selection} />
      </EmptyState>
    </div>
  );
}
