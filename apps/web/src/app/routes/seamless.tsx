import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SeamlessWallet } from '../../features/account/components/seamless-wallet.tsx';
import { GameFrame } from '../../features/games/components/game-frame.tsx';
import { useSessionToken } from '../../lib/session.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useGamesSite } from '../use-games-site.ts';

/**
 * /seamless?nodeId (&mode=demo): a seamless-wallet vendor's game, header only, launched like /game's; beside it the
 * main wallet that the vendor's bets and wins move, read again while the game runs.
 */
export function Component() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const [params] = useSearchParams();
  useDocumentTitle(t('routePages.seamless.title'));
  const realMoney = params.get('mode') !== 'demo';
  return (
    <GameFrame
      site={useGamesSite()}
      page="seamless"
      aside={token && realMoney ? <SeamlessWallet token={token} /> : null}
    />
  );
}
