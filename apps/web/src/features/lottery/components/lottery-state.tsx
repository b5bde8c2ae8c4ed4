import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lotteryStateQuery } from '../api/lottery-api.ts';

/** Whether the lottery takes bets now (the catalogue's switch-off and maintenance of the LOTT vendor). */
export function useLotteryOpen(): boolean {
  const state = useQuery(lotteryStateQuery()).data?.state;
  return state === undefined || state === 'open';
}

/** A clear notice while the lottery is switched off or under maintenance; nothing while it is open. */
export function LotteryStateNotice() {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery.state' });
  const state = useQuery(lotteryStateQuery()).data?.state;
  if (state !== 'off' && state !== 'maintenance') return null;
  return (
    <div className="lottery-state" role="status" data-state={state}>
      <strong>{t(`${state}Title`)}</strong>
      <p className="lottery__muted">{t(`${state}Line`)}</p>
    </div>
  );
}
