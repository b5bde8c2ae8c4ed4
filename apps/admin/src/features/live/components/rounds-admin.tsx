import { liveRoundStatuses } from '@tala/contracts/live-office';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, headLabel } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { type DatedPageProps, FilterForm, type MoneyFormat } from '../../games/components/games-shared.tsx';
import {
  CodeSelect,
  DetailsButton,
  HistoryTable,
  RoundDetailCard,
  SeedFacts,
  tableChoices,
  useListFilter,
} from '../../games/components/round-history.tsx';
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
  const { draft, setDraft, filter, apply } = useListFilter<RoundsFilter>({
    tableCode: '',
    status: '',
    from: '',
    to: '',
    pageNo: 1,
  });
  const rounds = useLiveRounds(merchant, filter);
  // Support reads rounds, not the tables' settings: its table filter offers the tables of the rounds it sees.
  const tables = useLiveTables(canReadTables);
  const [selected, setSelected] = useState<number | null>(null);
  const tableOptions = tableChoices(
    canReadTables ? (tables.data?.list ?? []) : null,
    (rounds.data?.list ?? []).map((r) => r.tableCode),
    filter.tableCode,
  );
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
  const label = (i: number) => headLabel(columns[i]);
  return (
    <section className="stack" aria-labelledby="live-rounds">
      <h2 id="live-rounds">{t('liveAdmin.rounds.title')}</h2>
      <p className="muted">{t('liveAdmin.rounds.intro')}</p>
      <FilterForm
        range={draft}
        timeZone={timeZone}
        onRange={(range) => setDraft({ ...draft, ...range })}
        onSubmit={() => apply({ ...draft, pageNo: 1 })}
      >
        <CodeSelect
          label={t('liveAdmin.table')}
          any={t('liveAdmin.rounds.anyTable')}
          value={draft.tableCode}
          choices={tableOptions}
          onChange={(tableCode) => apply({ ...draft, tableCode, pageNo: 1 })}
        />
        <CodeSelect
          label={t('liveAdmin.status')}
          any={t('liveAdmin.rounds.anyStatus')}
          value={draft.status}
          choices={liveRoundStatuses.map((s) => ({ code: s, label: t(`liveAdmin.roundStatus.${s}`) }))}
          onChange={(status) => apply({ ...draft, status, pageNo: 1 })}
        />
      </FilterForm>
      <HistoryTable
        query={rounds}
        caption={t('liveAdmin.rounds.title')}
        loading={t('liveAdmin.loading')}
        empty={t('liveAdmin.rounds.empty')}
        columns={columns}
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
              <DetailsButton
                label={t('liveAdmin.rounds.open', { table: r.tableCode, round: r.roundNo })}
                text={t('liveAdmin.rounds.details')}
                onClick={() => setSelected(r.id)}
              />
            </td>
          </tr>
        )}
        onPage={(pageNo) => apply({ ...filter, pageNo })}
      />
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
    <RoundDetailCard
      query={round}
      headingId="live-round-detail"
      heading={(data) => t('liveAdmin.rounds.detailTitle', { table: data.tableCode, round: data.roundNo })}
      close={t('liveAdmin.close')}
      onClose={onClose}
    >
      {(data) => (
        <>
          <dl className="facts">
            <div>
              <dt>{t('liveAdmin.status')}</dt>
              <dd>
                <StatusBadge status={data.status} />
              </dd>
            </div>
            <div>
              <dt>{t('liveAdmin.rounds.opensAt')}</dt>
              <dd>{formatDateTime(data.opensAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('liveAdmin.rounds.closesAt')}</dt>
              <dd>{formatDateTime(data.closesAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('liveAdmin.rounds.result')}</dt>
              <dd>
                <Summary round={data} />
              </dd>
            </div>
            <div>
              <dt>{t('liveAdmin.stake')}</dt>
              <dd>{money.amount(data.stake)}</dd>
            </div>
            <div>
              <dt>{t('liveAdmin.houseWin')}</dt>
              <dd>{money.amount(data.houseWin)}</dd>
            </div>
          </dl>
          <SeedFacts
            hashLabel={t('liveAdmin.rounds.seedHash')}
            seedLabel={t('liveAdmin.rounds.seed')}
            hiddenText={t('liveAdmin.rounds.seedHidden')}
            hash={data.serverSeedHash}
            seed={data.serverSeed}
          />
          <DataTable
            caption={t('liveAdmin.rounds.betsOf', { round: data.roundNo })}
            visibleCaption
            empty={t('liveAdmin.rounds.noBets')}
            columns={columns}
            rows={data.list}
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
      )}
    </RoundDetailCard>
  );
}
