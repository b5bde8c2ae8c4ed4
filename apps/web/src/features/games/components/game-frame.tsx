import '../games.css';
import { TRIAL_TYPE } from '@tala/contracts/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icons.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { openOverlay } from '../../../lib/overlays.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { launchGame } from '../api/games-api.ts';
import type { GamesSite } from '../lib/site.ts';
import { onHost, pickHost } from '../lib/start-game.ts';

/**
 * The /game page (header only): launches the game named by ?nodeId (and ?mode=demo for free play) through
 * GCS_gameLaunchFB and frames the vendor's address. Demo play is marked as play money; a game or vendor under
 * maintenance says so; a guest gets the login popup.
 */
export function GameFrame({
  site,
  page = 'game',
  aside,
}: {
  site: GamesSite;
  /** Whose texts the empty page shows: /game's or /seamless's. */
  page?: 'game' | 'seamless';
  /** Shown in the bar over the game for a real-money launch (the seamless wallet's balance on /seamless). */
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const frame = useRef<HTMLIFrameElement>(null);
  const nodeId = Number(params.get('nodeId'));
  const mode = params.get('mode') === 'demo' ? 'demo' : 'real';
  const valid = Number.isInteger(nodeId) && nodeId > 0;
  // Member info as the header loaded it (type 4 is a trial account: play money only).
  const trialMember =
    queryClient.getQueryData<{ type: number }>([memberQueryRoot, token, 'info'])?.type === TRIAL_TYPE;

  const launch = useQuery({
    queryKey: ['games', 'launch', token, nodeId, mode],
    // A trial (free-play) account has only play money: its real launch is refused, so it plays the demo mode.
    queryFn: () =>
      launchGame(nodeId, trialMember ? 'demo' : mode).catch((error: unknown) => {
        if (mode === 'real' && site.freePlay && (error as ApiError).errorCode === 'in_need_true_account')
          return launchGame(nodeId, 'demo');
        throw error;
      }),
    enabled: valid && Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    if (!token) openOverlay({ kind: 'login' });
  }, [token]);

  // The balance in the header follows the game's bets and wins when the player comes back.
  useEffect(
    () => () => {
      void queryClient.invalidateQueries({ queryKey: [memberQueryRoot] });
    },
    [queryClient],
  );

  if (!valid)
    return (
      <div className="page page--standalone">
        <EmptyState icon="screen" title={t(`pages.${page}.emptyTitle`)} line={t(`pages.${page}.emptyLine`)} />
      </div>
    );
  if (!token)
    return (
      <div className="page page--standalone">
        <EmptyState
          icon="lock"
          title={t('games.frame.loginTitle')}
          line={t('games.frame.loginLine')}
          action={
            <button type="button" className="btn btn-primary" onClick={() => openOverlay({ kind: 'login' })}>
              {t('common.login')}
            </button>
          }
        />
      </div>
    );
  if (launch.isError) {
    const code = (launch.error as ApiError).errorCode;
    const maintenance = code === 'game_maintenance' || code === 'vendor_unavailable';
    return (
      <div className="page page--standalone">
        <EmptyState
          icon={maintenance ? 'tools' : 'screen'}
          title={maintenance ? t('games.frame.maintenanceTitle') : t('games.frame.errorTitle')}
          line={launch.error.message}
        />
      </div>
    );
  }
  if (!launch.data)
    return (
      <p className="game-frame__status" role="status">
        {t('games.frame.opening')}
      </p>
    );

  const value = launch.data;
  const url = onHost(value.url, pickHost(site.launchHosts, ''));
  return (
    <div className="game-frame">
      <div className="game-frame__bar">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/index'))}
        >
          <Icon name="chevronRight" size={16} className="game-frame__back-icon" />
          {t('games.frame.back')}
        </button>
        <h1 className="game-frame__title">{value.name}</h1>
        {value.demo ? (
          <span className="game-frame__demo" role="note">
            {t('games.frame.demoBadge')}
          </span>
        ) : (
          aside
        )}
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => void frame.current?.requestFullscreen?.().catch(() => {})}
        >
          {t('games.frame.fullscreen')}
        </button>
      </div>
      <iframe
        ref={frame}
        className="game-frame__iframe"
        title={value.name}
        src={url}
        allow="fullscreen; autoplay"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
