import { liveRoundStatuses } from '@tala/contracts/live-office';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import type { DatedPageProps, MoneyFormat } from '../../games/components/games-shared.tsx';
import {
  type LiveOfficeRound,
  type RoundsFilter,
  useLiveRound,
  useLiveRounds,
  useLiveTables,
} from '../api/live-office.ts';

/** Rounds of every table, newest first, with the merchant's bets on each; a round's bets and seed on request. */
export function RoundsAdmin({
  merchant,
  money,
  timeZone,
  canReadTables,
}: DatedPageProps & { canReadTables: boolean }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<RoundsFilter>({
    tableCode: '',
    status: '',
    from: '',
    to: '',
    pageNo: 1,
  });
  const [filter, setFilter] = useState(draft);
  const rounds = useLiveRounds(merchant, filter);
  // Support reads rounds, not the tables' settings: its table filter offers the tables of the rounds it sees.
  const tables = useLiveTables(canReadTables);
  const [selected, setSelected] = useState<number | null>(null);
  const page = rounds.data;
  const tableOptions = canReadTables
    ? (tables.data?.list ?? []).map((table) => ({ code: table.code, label: `${table.code} · ${table.name}` }))
    : [...new Set([...(page?.list ?? []).map((r) => r.tableCode), filter.tableCode].filter(Boolean))]
        .sort()
        .map((code) => ({ code, label: code }));
  const columns = [
    t('liveAdmin.table'),
    t('liveAdmin.rounds.roundNo'),
    t('liveAdmin.rounds.opensAt'),
    t('liveAdmin.status'),
    t('liveAdmin.rounds.result'),
    t('liveAdmin.bets'),
    t('liveAdmin.stake'),
    t('liveAdmin.returned'),
    { label: t('liveAdmin.actions'), hidden: true as const },
  ];
  const label = (i: number) => {
    const column = columns[i];
    return typeof column === 'string' ? column : (column?.label ?? '');
  };
  const apply = (next: RoundsFilter) => {
    setDraft(next);
    setFilter(next);
  };
  return (
    <section className="stack" aria-labelledby="live-rounds">
      <h2 id="live-rounds">{t('liveAdmin.rounds.title')}</h2>
      <p className="muted">{t('liveAdmin.rounds.intro')}</p>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          apply({ ...draft, pageNo: 1 });
        }}
      >
        <Field label={t('liveAdmin.table')}>
          <select
            className="input"
            value={draft.tableCode}
            onChange={(e) => apply({ ...draft, tableCode: e.target.value, pageNo: 1 })}
          >
            <option value="">{t('liveAdmin.rounds.anyTable')}</option>
            {tableOptions.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('liveAdmin.status')}>
          <select
            className="input"
            value={draft.status}
            onChange={(e) => apply({ ...draft, status: e.target.value, pageNo: 1 })}
          >
            <option value="">{t('liveAdmin.rounds.anyStatus')}</option>
            {liveRoundStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`liveAdmin.roundStatus.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('gamesAdmin.from')}>
          <input
            className="input"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </Field>
        <Field label={t('gamesAdmin.to')}>
          <input
            className="input"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('gamesAdmin.search')}
          </button>
        </div>
      </form>
      <p className="muted">{t('gamesAdmin.timeZone', { zone: timeZone })}</p>
      {rounds.isError ? <Notice tone="error">{rounds.error.message}</Notice> : null}
      <DataTable
        caption={t('liveAdmin.rounds.title')}
        busy={rounds.isFetching && rounds.isPlaceholderData}
        empty={rounds.isPending ? t('liveAdmin.loading') : t('liveAdmin.rounds.empty')}
        columns={columns}
        rows={page?.list ?? []}
        row={(r) => (
          <tr key={r.id} aria-selected={r.id === selected}>
            <td data-label={label(0)}>{r.tableCode}</td>
            <td data-label={label(1)}>{r.roundNo}</td>
            <td data-label={label(2)}>{formatDateTime(r.opensAt, i18n.language)}</td>
            <td data-label={label(3)}>
              <StatusBadge status={r.status} />
            </td>
            <td data-label={label(4)}>
              <Summary round={r} />
            </td>
            <td data-label={label(5)}>
              {r.cards === null ? r.bets : t('liveAdmin.rooms.cardsSold', { count: r.cards, bets: r.bets })}
            </td>
            <td data-label={label(6)}>{money.amount(r.stake)}</td>
            <td data-label={label(7)}>{money.amount(r.returned)}</td>
            <td data-label={label(8)}>
              <button
                type="button"
                className="button"
                aria-label={t('liveAdmin.rounds.open', { table: r.tableCode, round: r.roundNo })}
                onClick={() => setSelected(r.id)}
              >
                {t('liveAdmin.rounds.details')}
              </button>
            </td>
          </tr>
        )}
      />
      {page ? (
        <Pager
          pageNo={page.pageNo}
          totalPages={page.totalPages}
          total={page.total}
          onPage={(pageNo: number) => apply({ ...filter, pageNo })}
        />
      ) : null}
      {selected !== null ? (
        <RoundDetail merchant={merchant} id={selected} money={money} onClose={() => setSelected(null)} />
      ) : null}
    </section>
  );
}

const knownSpots = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
const isKnownSpot = (spot: string): spot is (typeof knownSpots)[number] =>
  (knownSpots as readonly string[]).includes(spot);

function StatusBadge({ status }: { status: LiveOfficeRound['status'] }) {
  const { t } = useTranslation();
  const tone = status === 'void' ? 'badge-off' : status === 'open' ? 'badge-changed' : 'badge-on';
  return <span className={`badge ${tone}`}>{t(`liveAdmin.roundStatus.${status}`)}</span>;
}

function Summary({ round }: { round: Pick<LiveOfficeRound, 'summary'> }) {
  const { t } = useTranslation();
  if (!round.summary) return <>—</>;
  const winner = round.summary.winner;
  const known = winner === 'player' || winner === 'banker' || winner === 'tie';
  return <>{`${known ? t(`liveAdmin.winner.${winner}`) : winner} ${round.summary.score}`.trim()}</>;
}

function RoundDetail({
  merchant,
  id,
  money,
  onClose,
}: {
  merchant: string;
  id: number;
  money: MoneyFormat;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const round = useLiveRound(merchant, id);
  const spotName = (spot: string) => (isKnownSpot(spot) ? t(`liveAdmin.spots.${spot}`) : spot);
  const columns = [
    t('liveAdmin.rounds.member'),
    t('liveAdmin.rounds.spots'),
    t('liveAdmin.stake'),
    t('liveAdmin.returned'),
    t('liveAdmin.status'),
  ];
  return (
    <section className="card stack" aria-labelledby="live-round-detail">
      {round.isPending ? <Loading /> : null}
      {round.isError ? <LoadError error={round.error} onRetry={() => void round.refetch()} /> : null}
      {round.data ? (
        <>
          <h3 id="live-round-detail">
            {t('liveAdmin.rounds.detailTitle', { table: round.data.tableCode, round: round.data.roundNo })}
          </h3>
          <dl className="facts">
            <div>
              <dt>{t('liveAdmin.status')}</dt>
              <dd>
                <StatusBadge status={round.data.status} />
              </dd>
            </div>
            <div>
              <dt>{t('liveAdmin.rounds.opensAt')}</dt>
              <dd>{formatDateTime(round.data.opensAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('liveAdmin.rounds.closesAt')}</dt>
              <dd>{formatDateTime(round.data.closesAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('liveAdmin.rounds.result')}</dt>
              <dd>
                <Summary round={round.data} />
              </dd>
            </div>
            <div>
              <dt>{t('liveAdmin.stake')}</dt>
              <dd>{money.amount(round.data.stake)}</dd>
            </div>
            <div>
              <dt>{t('liveAdmin.houseWin')}</dt>
              <dd>{money.amount(round.data.houseWin)}</dd>
            </div>
          </dl>
          <dl className="facts facts-single">
            <div>
              <dt>{t('liveAdmin.rounds.seedHash')}</dt>
              <dd className="secret-key">{round.data.serverSeedHash}</dd>
            </div>
            <div>
              <dt>{t('liveAdmin.rounds.seed')}</dt>
              {round.data.serverSeed ? (
                <dd className="secret-key">{round.data.serverSeed}</dd>
              ) : (
                <dd className="muted">{t('liveAdmin.rounds.seedHidden')}</dd>
              )}
            </div>
          </dl>
          <DataTable
            caption={t('liveAdmin.rounds.betsOf', { round: round.data.roundNo })}
            visibleCaption
            empty={t('liveAdmin.rounds.noBets')}
            columns={columns}
            rows={round.data.list}
            row={(b) => (
              <tr key={b.id}>
                <td data-label={columns[0]}>{b.username}</td>
                <td data-label={columns[1]}>
                  {Object.entries(b.spots)
                    .map(([spot, amount]) => `${spotName(spot)} ${money.amount(amount)}`)
                    .join(', ')}
                </td>
                <td data-label={columns[2]}>{money.amount(b.stake)}</td>
                <td data-label={columns[3]}>{money.amount(b.returned)}</td>
                <td data-label={columns[4]}>{t(`liveAdmin.betStatus.${b.status}`)}</td>
              </tr>
            )}
          />
        </>
      ) : null}
      <div className="filters-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('liveAdmin.close')}
        </button>
      </div>
    </section>
  );
}
