import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { type BetsFilter, useBets } from '../api/games-admin.ts';
import { type DatedPageProps, FilterForm, lastSevenDays, QueryView } from './games-shared.tsx';

const products = ['ALL', 'RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'];

/** Every member's rounds of a merchant with filters and totals. */
export function BetsExplorer({ merchant, money, timeZone }: DatedPageProps) {
  const { t } = useTranslation();
  const initial: BetsFilter = {
    merchant,
    product: 'ALL',
    vendor: '',
    member: '',
    ...lastSevenDays(timeZone),
    pageNo: 1,
  };
  const [draft, setDraft] = useState(initial);
  const [filter, setFilter] = useState(initial);
  const bets = useBets({ ...filter, merchant });
  return (
    <section className="card stack" aria-labelledby="bets-title">
      <h2 id="bets-title">{t('gamesAdmin.bets')}</h2>
      <FilterForm
        range={draft}
        timeZone={timeZone}
        onRange={(range) => setDraft({ ...draft, ...range })}
        onSubmit={() => setFilter({ ...draft, pageNo: 1 })}
      >
        <Field label={t('gamesAdmin.member')}>
          <input
            className="input"
            value={draft.member}
            onChange={(e) => setDraft({ ...draft, member: e.target.value })}
          />
        </Field>
        <Field label={t('gamesAdmin.product')}>
          <select
            className="input"
            value={draft.product}
            onChange={(e) => setDraft({ ...draft, product: e.target.value })}
          >
            {products.map((p) => (
              <option key={p} value={p}>
                {p === 'ALL' ? t('common.any') : p}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('gamesAdmin.vendorCode')}>
          <input
            className="input"
            value={draft.vendor}
            onChange={(e) => setDraft({ ...draft, vendor: e.target.value.toUpperCase() })}
          />
        </Field>
      </FilterForm>
      <QueryView query={bets}>
        {(page) => (
          <>
            <p>
              {t('gamesAdmin.betTotals', {
                count: page.totals.count,
                bet: money.amount(page.totals.bet),
                win: money.amount(page.totals.win),
                ggr: money.amount(page.totals.bet - page.totals.win),
              })}
            </p>
            <DataTable
              caption={t('gamesAdmin.bets')}
              busy={bets.isFetching}
              columns={[
                t('gamesAdmin.time'),
                t('gamesAdmin.member'),
                t('gamesAdmin.game'),
                t('gamesAdmin.round'),
                t('gamesAdmin.bet'),
                t('gamesAdmin.win'),
                t('gamesAdmin.status'),
              ]}
              rows={page.list}
              empty={t('gamesAdmin.noBets')}
              row={(row) => (
                <tr key={row.id}>
                  <td data-label={t('gamesAdmin.time')}>{formatDateTime(row.createdAt, currentLocale())}</td>
                  <td data-label={t('gamesAdmin.member')}>{row.member}</td>
                  <td data-label={t('gamesAdmin.game')}>
                    {row.gameName}
                    <span className="muted">
                      {' '}
                      · {row.product} · {row.vendor}
                    </span>
                  </td>
                  <td data-label={t('gamesAdmin.round')} className="muted">
                    {row.roundId}
                  </td>
                  <td data-label={t('gamesAdmin.bet')}>{money.amount(row.bet)}</td>
                  <td data-label={t('gamesAdmin.win')}>{money.amount(row.win)}</td>
                  <td data-label={t('gamesAdmin.status')}>
                    {t(`gamesAdmin.statuses.${row.status}`)}
                    {row.freeRound ? <span className="badge">{t('gamesAdmin.freeRound')}</span> : null}
                  </td>
                </tr>
              )}
            />
            <Pager
              pageNo={page.pageNo}
              totalPages={page.totalPages}
              total={page.total}
              onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
