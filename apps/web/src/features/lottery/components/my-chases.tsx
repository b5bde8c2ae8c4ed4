import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { type LotteryChase, lotteryApi, myChasesQuery } from '../api/lottery-api.ts';
import { useMoney } from '../lib/lottery-money.ts';

/** The member's chases of this game: progress (issues bet of all, wins), the money held and refunded, cancel. */
export function MyChases({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery.chase' });
  const token = useSessionToken();
  const chases = useQuery({ ...myChasesQuery(gameCode), enabled: Boolean(token) });
  const list = chases.data?.list ?? [];
  if (!token || list.length === 0) return null;
  return (
    <section className="lottery-panel" aria-labelledby="lottery-my-chases">
      <h2 id="lottery-my-chases">{t('mine')}</h2>
      {chases.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      <ul className="lottery-bets lottery-chases">
        {list.map((chase) => (
          <ChaseRow key={chase.chaseId} chase={chase} />
        ))}
      </ul>
    </section>
  );
}

function ChaseRow({ chase }: { chase: LotteryChase }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  const { format } = useMoney();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => lotteryApi.cancelChase(chase.chaseId),
    onSuccess: () => client.invalidateQueries({ queryKey: [memberQueryRoot] }),
    onError: (e) => setError(e.message),
  });
  const numbers = chase.picks.slice(0, 6).map((p) => String(p).padStart(2, '0'));
  return (
    <li data-status={chase.status === 'won' ? 'won' : chase.status} data-chase={chase.chaseId}>
      <span>
        {t(`betTypes.${chase.betType as 'lo2'}`)} · {numbers.join(' ')}
        {chase.picks.length > 6 ? '…' : ''} · {t('chase.from', { issueNo: chase.firstIssueNo })}
      </span>
      <span>
        <progress max={chase.issues} value={chase.placed + chase.skipped} aria-hidden="true" />{' '}
        {t('chase.progress', { placed: chase.placed, issues: chase.issues })}
        {chase.skipped > 0 ? ` · ${t('chase.skipped', { count: chase.skipped })}` : ''}
      </span>
      <span>
        {t(`chase.status.${chase.status}`)}
        {chase.wins > 0 ? ` · ${t('chase.won', { total: format(chase.winTotal) })}` : ''}
        {chase.status === 'running' ? ` · ${t('chase.held', { total: format(chase.held) })}` : ''}
        {chase.refunded > 0 ? ` · ${t('chase.refunded', { total: format(chase.refunded) })}` : ''}
      </span>
      {chase.status === 'running' ? (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={cancel.isPending}
          onClick={() => {
            setError(null);
            cancel.mutate();
          }}
        >
          {t('chase.cancel')}
        </button>
      ) : null}
      {error ? (
        <span role="alert" className="form-message form-message--error">
          {error}
        </span>
      ) : null}
    </li>
  );
}
