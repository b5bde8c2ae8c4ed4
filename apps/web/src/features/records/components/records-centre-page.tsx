import { siteCurrency } from '../../../lib/money.ts';
import { useSystemStatus } from '../../system/api/get-system-status.ts';
import { BettingRecord, PersonalProfit } from './records.tsx';

export type RecordsPage = 'personalHistoryCopy' | 'personalProfit';

/** The member centre's betting record and personal profit and loss, in the merchant's currency. */
export function RecordsCentrePage({ page }: { page: RecordsPage }) {
  const whitelabel = useSystemStatus().data?.info.whitelabel;
  const currency = siteCurrency(whitelabel);
  return page === 'personalHistoryCopy' ? (
    <BettingRecord
      currency={currency}
      timeZone={whitelabel?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone}
    />
  ) : (
    <PersonalProfit currency={currency} />
  );
}
