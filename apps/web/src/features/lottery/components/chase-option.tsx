import type { PlaceBetBody } from '@tala/contracts/lottery';
import { issuesLeftToday } from '@tala/lottery/schedule';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { lotteryApi } from '../api/lottery-api.ts';
import { useMoney } from '../lib/lottery-money.ts';

/** The bet slip's chase: off, or the bet followed over `issues` issues, stopping at the first win if asked. */
export type ChaseChoice = { on: boolean; issues: number; stopOnWin: boolean };
export const noChase: ChaseChoice = { on: false, issues: 5, stopOnWin: true };

/** Places the slip: one bet, or a chase from the issue on sale. Answers what the message names. */
export async function submitSlip(body: PlaceBetBody, chase: ChaseChoice) {
  if (!chase.on) {
    const placed = await lotteryApi.placeBet(body);
    return { chase: false, issueNo: placed.bet.issueNo, total: placed.bet.stake, issues: 1 };
  }
  const started = await lotteryApi.startChase({ ...body, issues: chase.issues, stopOnWin: chase.stopOnWin });
  return {
    chase: true,
    issueNo: started.chase.firstIssueNo,
    total: started.chase.total,
    issues: started.chase.issues,
  };
}

/**
 * The slip's chase option: follow this bet over several issues (at most the issues left today), stop on a win,
 * and the whole plan's total, taken now; what is not bet comes back when the chase ends.
 */
export function ChaseOption({
  value,
  onChange,
  perIssue,
  intervalSeconds,
  issueNo,
}: {
  value: ChaseChoice;
  onChange: (value: ChaseChoice) => void;
  /** The slip's total for one issue, or null while the stake is not a valid amount. */
  perIssue: number | null;
  intervalSeconds: number;
  /** The issue on sale (the chase's first), if any. */
  issueNo: string | undefined;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery.chase' });
  const { format } = useMoney();
  const id = useId();
  const max = issueNo ? issuesLeftToday(intervalSeconds, issueNo) : 2;
  const issues = Math.min(Math.max(2, value.issues), Math.max(2, max));
  return (
    <fieldset className="lottery-chase">
      <legend className="visually-hidden">{t('title')}</legend>
      <label className="lottery-chase__toggle">
        <input
          type="checkbox"
          checked={value.on}
          disabled={max < 2}
          onChange={(event) => onChange({ ...value, on: event.target.checked, issues })}
        />
        {t('follow')}
      </label>
      {value.on ? (
        <div className="lottery-chase__fields">
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-issues`}>
              {t('issues', { max })}
            </label>
            <input
              id={`${id}-issues`}
              className="form-field__input"
              type="number"
              inputMode="numeric"
              min={2}
              max={max}
              step={1}
              value={value.issues}
              onChange={(event) => onChange({ ...value, issues: Number(event.target.value) })}
            />
          </div>
          <label className="lottery-chase__toggle">
            <input
              type="checkbox"
              checked={value.stopOnWin}
              onChange={(event) => onChange({ ...value, stopOnWin: event.target.checked })}
            />
            {t('stopOnWin')}
          </label>
          <p className="lottery-slip__total" aria-live="polite">
            {t('total', {
              issues: value.issues,
              total:
                perIssue === null || !Number.isInteger(value.issues) ? '—' : format(perIssue * value.issues),
            })}
          </p>
          <p className="lottery__muted">{t('note')}</p>
        </div>
      ) : null}
    </fieldset>
  );
}
