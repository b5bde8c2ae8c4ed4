import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, headLabel } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
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
  type HandsFilter,
  type PvpOfficeHandDetail,
  usePvpHand,
  usePvpHands,
  usePvpTables,
} from '../api/pvp-office.ts';
import { moveParts } from '../lib/moves.ts';

/** Hands of every table, newest first, filtered by table and member; a hand's moves and outcome on request. */
export function PvpHandsAdmin({
  merchant,
  money,
  timeZone,
  canReadTables,
}: DatedPageProps & { canReadTables: boolean }) {
  const { t, i18n } = useTranslation();
  const { draft, setDraft, filter, apply } = useListFilter<HandsFilter>({
    table: '',
    member: '',
    from: '',
    to: '',
    pageNo: 1,
  });
  const hands = usePvpHands(merchant, filter);
  const tables = usePvpTables(merchant, canReadTables);
  const [selected, setSelected] = useState<number | null>(null);
  const tableOptions = tableChoices(
    canReadTables ? (tables.data?.list ?? []) : null,
    (hands.data?.list ?? []).map((h) => h.tableCode),
    filter.table,
  );
  const columns = [
    t('pvpAdmin.table'),
    t('pvpAdmin.hands.handNo'),
    t('pvpAdmin.hands.startedAt'),
    t('pvpAdmin.hands.players'),
    t('pvpAdmin.hands.moves'),
    t('pvpAdmin.rake'),
    { label: t('pvpAdmin.actions'), hidden: true as const },
  ];
  const label = (i: number) => headLabel(columns[i]);
  return (
    <section className="stack" aria-labelledby="pvp-hands">
      <h2 id="pvp-hands">{t('pvpAdmin.hands.title')}</h2>
      <p className="muted">{t('pvpAdmin.hands.intro')}</p>
      <FilterForm
        range={draft}
        timeZone={timeZone}
        onRange={(range) => setDraft({ ...draft, ...range })}
        onSubmit={() => apply({ ...draft, pageNo: 1 })}
      >
        <CodeSelect
          label={t('pvpAdmin.table')}
          any={t('pvpAdmin.hands.anyTable')}
          value={draft.table}
          choices={tableOptions}
          onChange={(table) => apply({ ...draft, table, pageNo: 1 })}
        />
        <Field label={t('pvpAdmin.hands.member')}>
          <input
            className="input"
            value={draft.member}
            onChange={(e) => setDraft({ ...draft, member: e.target.value })}
          />
        </Field>
      </FilterForm>
      <HistoryTable
        query={hands}
        caption={t('pvpAdmin.hands.title')}
        loading={t('pvpAdmin.loading')}
        empty={t('pvpAdmin.hands.empty')}
        columns={columns}
        row={(h) => (
          <tr key={h.id} aria-selected={h.id === selected}>
            <td data-label={label(0)}>{`${h.tableCode} · ${t(`pvpAdmin.games.${h.game}`)}`}</td>
            <td data-label={label(1)}>{h.handNo}</td>
            <td data-label={label(2)}>{formatDateTime(h.startedAt, i18n.language)}</td>
            <td data-label={label(3)}>
              {h.players
                .map(
                  (p) =>
                    `${p.username}${p.net === null ? '' : ` ${p.net > 0 ? '+' : ''}${money.amount(p.net)}`}`,
                )
                .join(', ')}
            </td>
            <td data-label={label(4)}>{h.moves}</td>
            <td data-label={label(5)}>{h.endedAt ? money.amount(h.rake) : t('pvpAdmin.hands.running')}</td>
            <td data-label={label(6)}>
              <DetailsButton
                label={t('pvpAdmin.hands.open', { table: h.tableCode, hand: h.handNo })}
                text={t('pvpAdmin.hands.details')}
                onClick={() => setSelected(h.id)}
              />
            </td>
          </tr>
        )}
        onPage={(pageNo) => apply({ ...filter, pageNo })}
      />
      {selected !== null ? (
        <HandDetail merchant={merchant} id={selected} money={money} onClose={() => setSelected(null)} />
      ) : null}
    </section>
  );
}

function HandDetail({
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
  const hand = usePvpHand(merchant, id);
  // What a seat ended with, as the rules word it ('flush', 'cardsLeft:5'), in the operator's language.
  const endedWith = (words: string | undefined) => {
    if (!words) return '—';
    const [key = '', count] = words.split(':');
    return t(`pvpAdmin.ended.${key}`, { count: Number(count ?? 0), defaultValue: words });
  };
  const data: PvpOfficeHandDetail | undefined = hand.data;
  const nameOf = (seat: number) => data?.players.find((p) => p.seat === seat)?.username ?? `#${seat + 1}`;
  const playerColumns = [
    t('pvpAdmin.hands.seat'),
    t('pvpAdmin.hands.member'),
    t('pvpAdmin.hands.stackBefore'),
    t('pvpAdmin.hands.net'),
    t('pvpAdmin.hands.ended'),
  ];
  const moveColumns = [
    t('pvpAdmin.hands.seq'),
    t('pvpAdmin.hands.member'),
    t('pvpAdmin.hands.move'),
    t('pvpAdmin.hands.at'),
  ];
  return (
    <RoundDetailCard
      query={hand}
      headingId="pvp-hand-detail"
      heading={(data) => t('pvpAdmin.hands.detailTitle', { table: data.tableCode, hand: data.handNo })}
      close={t('pvpAdmin.close')}
      onClose={onClose}
    >
      {(data) => (
        <>
          <dl className="facts">
            <div>
              <dt>{t('pvpAdmin.hands.startedAt')}</dt>
              <dd>{formatDateTime(data.startedAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('pvpAdmin.hands.endedAt')}</dt>
              <dd>
                {data.endedAt ? formatDateTime(data.endedAt, i18n.language) : t('pvpAdmin.hands.running')}
              </dd>
            </div>
            {data.outcome
              ? data.outcome.pots.map((pot, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: pots are in the order the rules split them
                  <div key={i}>
                    <dt>{t(i === 0 ? 'pvpAdmin.hands.mainPot' : 'pvpAdmin.hands.sidePot')}</dt>
                    <dd>{`${money.amount(pot.amount)} → ${pot.winners.map(nameOf).join(', ')}`}</dd>
                  </div>
                ))
              : null}
            <div>
              <dt>{t('pvpAdmin.rake')}</dt>
              <dd>{money.amount(data.rake)}</dd>
            </div>
          </dl>
          <SeedFacts
            hashLabel={t('pvpAdmin.hands.seedHash')}
            seedLabel={t('pvpAdmin.hands.seed')}
            hiddenText={t('pvpAdmin.hands.seedHidden')}
            hash={data.serverSeedHash}
            seed={data.serverSeed}
          />
          <DataTable
            caption={t('pvpAdmin.hands.playersOf', { hand: data.handNo })}
            visibleCaption
            empty="—"
            columns={playerColumns}
            rows={data.players}
            row={(p) => {
              const result = data.outcome?.seats.find((s) => s.seat === p.seat);
              return (
                <tr key={p.seat}>
                  <td data-label={playerColumns[0]}>{p.seat + 1}</td>
                  <td data-label={playerColumns[1]}>{p.username}</td>
                  <td data-label={playerColumns[2]}>{money.amount(p.stackBefore)}</td>
                  <td data-label={playerColumns[3]}>{p.net === null ? '—' : money.amount(p.net)}</td>
                  <td data-label={playerColumns[4]}>{endedWith(result?.hand)}</td>
                </tr>
              );
            }}
          />
          <DataTable
            caption={t('pvpAdmin.hands.movesOf', { hand: data.handNo })}
            visibleCaption
            empty={t('pvpAdmin.hands.noMoves')}
            columns={moveColumns}
            rows={data.list}
            row={(m) => {
              const parts = moveParts(m.move);
              const kind = parts.type ? t(`pvpAdmin.moves.${parts.type}`, { defaultValue: parts.type }) : '';
              const amount = parts.amount === null ? '' : ` ${money.amount(parts.amount)}`;
              return (
                <tr key={m.seq}>
                  <td data-label={moveColumns[0]}>{m.seq + 1}</td>
                  <td data-label={moveColumns[1]}>{nameOf(m.seat)}</td>
                  <td data-label={moveColumns[2]}>
                    {`${kind}${amount} ${parts.detail}`.trim()}
                    {m.auto ? ` (${t('pvpAdmin.hands.auto')})` : ''}
                  </td>
                  <td data-label={moveColumns[3]}>{formatDateTime(m.at, i18n.language)}</td>
                </tr>
              );
            }}
          />
        </>
      )}
    </RoundDetailCard>
  );
}
