import { marginBounds, stakeFactorBounds } from '@tala/contracts/sports-trading';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { useMargins, useMemberLimits, useSaveMargin, useSaveMemberLimit } from '../api/trading.ts';
import { percent } from './shared.tsx';

/** Margins per sport: percentage points of overround added to the feed's prices before they are offered. */
export function MarginsAdmin({ merchant, canManage }: { merchant: string; canManage: boolean }) {
  const { t } = useTranslation();
  const margins = useMargins(merchant);
  const save = useSaveMargin(merchant);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const columns = [
    t('sportsTrading.sport'),
    t('sportsTrading.margin'),
    ...(canManage ? [{ label: t('sportsTrading.actions'), hidden: true as const }] : []),
  ];
  return (
    <section className="stack" aria-labelledby="sports-margins">
      <h2 id="sports-margins">{t('sportsTrading.margins.title')}</h2>
      <p className="muted">{t('sportsTrading.margins.intro')}</p>
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
      {save.isSuccess ? <Notice tone="success">{t('sportsTrading.saved')}</Notice> : null}
      {margins.isError ? <Notice tone="error">{margins.error.message}</Notice> : null}
      <DataTable
        caption={t('sportsTrading.margins.title')}
        busy={margins.isFetching}
        empty={margins.isPending ? t('sportsTrading.loading') : t('sportsTrading.margins.empty')}
        columns={columns}
        rows={margins.data?.list ?? []}
        row={(m) => (
          <tr key={m.sport}>
            <td data-label={t('sportsTrading.sport')}>{m.sport}</td>
            <td data-label={t('sportsTrading.margin')}>
              {canManage ? (
                <Field label={t('sportsTrading.margins.of', { sport: m.sport })}>
                  <input
                    className="input"
                    type="number"
                    min={marginBounds.min / 100}
                    max={marginBounds.max / 100}
                    step={0.01}
                    value={drafts[m.sport] ?? String(m.marginBps / 100)}
                    onChange={(e) => setDrafts({ ...drafts, [m.sport]: e.target.value })}
                  />
                </Field>
              ) : (
                percent(m.marginBps)
              )}
            </td>
            {canManage ? (
              <td data-label={t('sportsTrading.actions')}>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={save.isPending}
                  aria-label={t('sportsTrading.margins.save', { sport: m.sport })}
                  onClick={() =>
                    save.mutate({
                      sport: m.sport,
                      marginBps: Math.round(Number(drafts[m.sport] ?? m.marginBps / 100) * 100),
                    })
                  }
                >
                  {t('sportsTrading.save')}
                </button>
              </td>
            ) : null}
          </tr>
        )}
      />
    </section>
  );
}

/** Members' stake factors: 1.0 the book's limits, 0.1 a tenth of them, 2.0 double, 0 no bets. */
export function MemberLimitsAdmin({
  merchant,
  money,
  canManage,
}: {
  merchant: string;
  money: MoneyFormat;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState({ member: '', pageNo: 1 });
  const limits = useMemberLimits(merchant, filter);
  const save = useSaveMemberLimit(merchant);
  const [factors, setFactors] = useState<Record<number, string>>({});
  const columns = [
    t('sportsTrading.limits.member'),
    t('sportsTrading.limits.factor'),
    t('sportsTrading.limits.maxSingle'),
    t('sportsTrading.limits.maxParlay'),
    ...(canManage ? [{ label: t('sportsTrading.actions'), hidden: true as const }] : []),
  ];
  return (
    <section className="stack" aria-labelledby="sports-limits">
      <h2 id="sports-limits">{t('sportsTrading.limits.title')}</h2>
      <p className="muted">{t('sportsTrading.limits.intro')}</p>
      <form
        className="filters"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setFilter({ member: draft.trim(), pageNo: 1 });
        }}
      >
        <Field label={t('sportsTrading.limits.member')}>
          <input className="input" value={draft} maxLength={32} onChange={(e) => setDraft(e.target.value)} />
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('sportsTrading.search')}
          </button>
        </div>
      </form>
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
      {save.isSuccess ? <Notice tone="success">{t('sportsTrading.saved')}</Notice> : null}
      {limits.isError ? <Notice tone="error">{limits.error.message}</Notice> : null}
      <DataTable
        caption={t('sportsTrading.limits.title')}
        busy={limits.isFetching}
        empty={limits.isPending ? t('sportsTrading.loading') : t('sportsTrading.limits.empty')}
        columns={columns}
        rows={limits.data?.list ?? []}
        row={(m) => (
          <tr key={m.memberId}>
            <td data-label={t('sportsTrading.limits.member')}>{m.username}</td>
            <td data-label={t('sportsTrading.limits.factor')}>
              {canManage ? (
                <Field label={t('sportsTrading.limits.factorOf', { name: m.username })}>
                  <input
                    className="input"
                    type="number"
                    min={stakeFactorBounds.min / 1000}
                    max={stakeFactorBounds.max / 1000}
                    step={0.001}
                    value={factors[m.memberId] ?? String(m.stakeFactor / 1000)}
                    onChange={(e) => setFactors({ ...factors, [m.memberId]: e.target.value })}
                  />
                </Field>
              ) : (
                (m.stakeFactor / 1000).toFixed(3)
              )}
            </td>
            <td data-label={t('sportsTrading.limits.maxSingle')}>{money.exact(m.maxSingleStake)}</td>
            <td data-label={t('sportsTrading.limits.maxParlay')}>{money.exact(m.maxParlayStake)}</td>
            {canManage ? (
              <td data-label={t('sportsTrading.actions')}>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={save.isPending}
                  aria-label={t('sportsTrading.limits.save', { name: m.username })}
                  onClick={() =>
                    save.mutate({
                      memberId: m.memberId,
                      stakeFactor: Math.round(Number(factors[m.memberId] ?? m.stakeFactor / 1000) * 1000),
                    })
                  }
                >
                  {t('sportsTrading.save')}
                </button>
              </td>
            ) : null}
          </tr>
        )}
      />
      {limits.data ? (
        <Pager
          pageNo={limits.data.pageNo}
          totalPages={limits.data.totalPages}
          total={limits.data.total}
          onPage={(pageNo) => setFilter({ ...filter, pageNo })}
        />
      ) : null}
    </section>
  );
}
