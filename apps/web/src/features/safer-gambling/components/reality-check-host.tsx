import '../safer-gambling.css';
import { TRIAL_TYPE } from '@tala/contracts/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { type ApiError, onApiError } from '../../../lib/api-client.ts';
import { endSession, memberQueryRoot } from '../../../lib/member-session.ts';
import { money } from '../../../lib/money.ts';
import { openOverlay, useOverlay } from '../../../lib/overlays.ts';
import { useSystemStatus } from '../../system/api/get-system-status.ts';
import {
  answerRealityCheck,
  logoutSession,
  type RealityCheckStatus,
  realityCheckQuery,
} from '../api/reality-check-api.ts';
import { clock, signed } from '../lib/format.ts';

/** The server's clock as this device reads it: its answer's time plus what passed since. */
function serverClock(status: RealityCheckStatus | undefined, receivedAt: number) {
  if (!status) return () => Date.now();
  const offset = new Date(status.serverNow).getTime() - receivedAt;
  return () => Date.now() + offset;
}

/**
 * Over every game page (the /game frame, the lottery, the seamless and sports frames) and the in-house sportsbook's
 * pages (route handle `play`): the session timer counted
 * from the login, and the reality-check dialog when a check falls due (decision 049). The site learns a check is due
 * from a timer set to the server's `nextCheckAt` (read against the server's clock), and asks the server again when it
 * fires; a bet refused with reality_check_due asks at once. The dialog covers the game and cannot be dismissed: the
 * server refuses bets until the member answers it.
 */
export function RealityCheckHost({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const overlay = useOverlay();
  const whitelabel = useSystemStatus().data?.info.whitelabel;
  // The header's member info (a disabled observer only reads it): trial accounts play for play money, no checks.
  const info = useQuery<{ type: number }>({ queryKey: [memberQueryRoot, token, 'info'], enabled: false });
  const real = info.data !== undefined && info.data.type !== TRIAL_TYPE;
  const query = useQuery({ ...realityCheckQuery(token), enabled: real });
  const status = query.data;
  const now = serverClock(status, query.dataUpdatedAt);
  const [, tick] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // The session timer: once a second.
  useEffect(() => {
    const timer = window.setInterval(() => tick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, []);

  // The next check: ask the server again when it falls due (it may have been answered in another tab).
  const nextCheckAt = status?.nextCheckAt ? new Date(status.nextCheckAt).getTime() : null;
  const due = status?.due ?? false;
  const offset = now() - Date.now();
  const { refetch } = query;
  useEffect(() => {
    if (nextCheckAt === null || due) return;
    const wait = Math.max(0, nextCheckAt - (Date.now() + offset)) + 250;
    const timer = window.setTimeout(() => void refetch(), Math.min(wait, 2_147_000_000));
    return () => window.clearTimeout(timer);
  }, [nextCheckAt, due, offset, refetch]);

  // A bet the server refused because a check is due: show it now.
  useEffect(
    () =>
      onApiError((error) => {
        if (error.errorCode === 'reality_check_due') void refetch();
      }),
    [refetch],
  );

  if (!status) return null;
  const format = (minor: number) => (whitelabel ? money(minor, whitelabel) : String(minor));
  const played = now() - new Date(status.sessionStartedAt).getTime();

  async function answer(choice: 'continue' | 'logout') {
    setBusy(true);
    setProblem(null);
    try {
      const next = await answerRealityCheck(choice).catch((error: ApiError) => {
        if (error.errorCode === 'reality_check_not_due') return undefined;
        throw error;
      });
      if (choice === 'logout') {
        await logoutSession().catch(() => null);
        endSession();
        navigate('/index');
        return;
      }
      if (next) queryClient.setQueryData(realityCheckQuery(token).queryKey, next);
      else await query.refetch();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="session-clock">
        <span className="session-clock__label">{t('saferGambling.realityChecks.sessionTime')}</span>
        <span
          className="session-clock__time"
          role="timer"
          aria-label={t('saferGambling.realityChecks.sessionTime')}
        >
          {clock(played)}
        </span>
      </div>
      <Dialog
        open={status.due && overlay === null}
        // Neither the cover nor Escape dismisses it: only an answer does.
        onClose={() => {}}
        cover={false}
        title={t('saferGambling.realityChecks.dialogTitle')}
        buttons={[
          {
            label: t('saferGambling.realityChecks.history'),
            variant: 'secondary',
            onClick: () => openOverlay({ kind: 'memberCentre', page: 'transactionHistory' }),
          },
          {
            label: t('saferGambling.realityChecks.logout'),
            variant: 'secondary',
            onClick: () => void answer('logout'),
          },
          { label: t('saferGambling.realityChecks.continue'), onClick: () => void answer('continue') },
        ]}
      >
        <p>{t('saferGambling.realityChecks.dialogLine', { time: clock(status.playedMs) })}</p>
        <dl className="reality-check__figures">
          <div>
            <dt>{t('saferGambling.realityChecks.played')}</dt>
            <dd data-testid="reality-played">{clock(status.playedMs)}</dd>
          </div>
          <div>
            <dt>{t('saferGambling.realityChecks.bets')}</dt>
            <dd>{format(status.bets)}</dd>
          </div>
          <div>
            <dt>{t('saferGambling.realityChecks.wins')}</dt>
            <dd>{format(status.wins)}</dd>
          </div>
          <div>
            <dt>{t('saferGambling.realityChecks.net')}</dt>
            <dd
              data-testid="reality-net"
              className={
                status.netPosition < 0
                  ? 'reality-check__loss'
                  : status.netPosition > 0
                    ? 'reality-check__gain'
                    : undefined
              }
            >
              {signed(status.netPosition, format)}
            </dd>
          </div>
        </dl>
        <p className="reality-check__note">{t('saferGambling.realityChecks.paused')}</p>
        {busy ? <p role="status">{t('common.loading')}</p> : null}
        {problem ? <p role="alert">{problem}</p> : null}
      </Dialog>
    </>
  );
}
