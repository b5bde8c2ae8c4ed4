import { liveCycleBounds } from '@tala/contracts/live-office';
import { formatAmount, parseAmountInput } from '@tala/contracts/money-format';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Switch } from '../../../components/switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type MoneyFormat, QueryView } from '../../games/components/games-shared.tsx';
import { type LiveOfficeTable, useLiveTables, useSaveLiveTable } from '../api/live-office.ts';

/** The studio's tables, shared by every merchant: limits per spot, the cycle and the maintenance switch. */
export function TablesAdmin({
  money,
  exponent,
  canManage,
}: {
  money: MoneyFormat;
  exponent: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const tables = useLiveTables();
  return (
    <section className="stack" aria-labelledby="live-tables">
      <h2 id="live-tables">{t('liveAdmin.tables.title')}</h2>
      <p className="muted">{t('liveAdmin.tables.intro')}</p>
      <QueryView query={tables}>
        {(value) =>
          // The bingo rooms come with the tables; they have their own form (rooms-admin.tsx).
          value.list.filter((table) => table.room === null).length === 0 ? (
            <p className="muted">{t('liveAdmin.tables.empty')}</p>
          ) : (
            <div className="stack">
              {value.list
                .filter((table) => table.room === null)
                .map((table) => (
                  <TableForm
                    key={table.code}
                    table={table}
                    money={money}
                    exponent={exponent}
                    canManage={canManage}
                  />
                ))}
            </div>
          )
        }
      </QueryView>
    </section>
  );
}

function TableForm({
  table,
  money,
  exponent,
  canManage,
}: {
  table: LiveOfficeTable;
  money: MoneyFormat;
  exponent: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveLiveTable();
  const amountText = (minor: number) => formatAmount(minor, { exponent, displayDecimals: exponent });
  const [minBet, setMinBet] = useState(() => amountText(table.minBet));
  const [maxBet, setMaxBet] = useState(() => amountText(table.maxBet));
  const [bettingSeconds, setBettingSeconds] = useState(String(table.bettingSeconds));
  const [resultSeconds, setResultSeconds] = useState(String(table.resultSeconds));
  const [maintenance, setMaintenance] = useState(table.maintenance);
  const [invalid, setInvalid] = useState<string | null>(null);
  const headingId = `live-table-${table.code}`;
  const serverField = save.error instanceof ApiError ? save.error.field : undefined;
  const errorOf = (field: string) =>
    invalid === field
      ? t('liveAdmin.tables.invalid')
      : serverField === field
        ? (save.error?.message ?? undefined)
        : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const amounts = {
      minBet: parseAmountInput(minBet, exponent),
      maxBet: parseAmountInput(maxBet, exponent),
    };
    for (const [field, value] of Object.entries(amounts))
      if (value === null) {
        setInvalid(field);
        return;
      }
    for (const [field, value] of Object.entries({ bettingSeconds, resultSeconds }))
      if (!/^\d+$/.test(value.trim())) {
        setInvalid(field);
        return;
      }
    setInvalid(null);
    // Too many decimals reach the server as a fraction of a unit, which it refuses with the field's own message.
    const body = {
      minBet: Number(amounts.minBet),
      maxBet: Number(amounts.maxBet),
      bettingSeconds: Number(bettingSeconds),
      resultSeconds: Number(resultSeconds),
      maintenance,
    };
    if (
      maintenance &&
      !table.maintenance &&
      !window.confirm(
        t('liveAdmin.tables.confirmMaintenance', { rounds: table.openRounds, bets: table.openBets }),
      )
    )
      return;
    save.mutate({ code: table.code, body });
  }

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <div className="title-row">
        <h3 id={headingId}>{`${table.name} (${table.code})`}</h3>
        <span className={`badge ${table.maintenance ? 'badge-off' : 'badge-on'}`}>
          {table.maintenance ? t('liveAdmin.tables.underMaintenance') : t('liveAdmin.tables.running')}
        </span>
      </div>
      <p className="muted">
        {t('liveAdmin.tables.summary', {
          game: t(`liveAdmin.games.${table.game}`),
          min: money.exact(table.minBet),
          max: money.exact(table.maxBet),
          betting: table.bettingSeconds,
          result: table.resultSeconds,
          rounds: table.openRounds,
          bets: table.openBets,
        })}
      </p>
      <fieldset className="plain" disabled={!canManage}>
        <Switch
          label={t('liveAdmin.tables.maintenance')}
          help={t('liveAdmin.tables.maintenanceHelp')}
          checked={maintenance}
          onChange={setMaintenance}
        />
      </fieldset>
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('liveAdmin.tables.limits')}</legend>
        <div className="filters">
          <Field label={t('liveAdmin.tables.minBet')} error={errorOf('minBet')}>
            <input
              className="input"
              inputMode="decimal"
              value={minBet}
              onChange={(e) => setMinBet(e.target.value)}
            />
          </Field>
          <Field label={t('liveAdmin.tables.maxBet')} error={errorOf('maxBet')}>
            <input
              className="input"
              inputMode="decimal"
              value={maxBet}
              onChange={(e) => setMaxBet(e.target.value)}
            />
          </Field>
        </div>
      </fieldset>
      <fieldset className="group" disabled={!canManage || !maintenance}>
        <legend className="field-label">{t('liveAdmin.tables.cycle')}</legend>
        <div className="filters">
          <Field
            label={t('liveAdmin.tables.bettingSeconds')}
            help={t('liveAdmin.tables.secondsRange', liveCycleBounds.bettingSeconds)}
            error={errorOf('bettingSeconds')}
          >
            <input
              className="input"
              inputMode="numeric"
              value={bettingSeconds}
              onChange={(e) => setBettingSeconds(e.target.value)}
            />
          </Field>
          <Field
            label={t('liveAdmin.tables.resultSeconds')}
            help={t('liveAdmin.tables.secondsRange', liveCycleBounds.resultSeconds)}
            error={errorOf('resultSeconds')}
          >
            <input
              className="input"
              inputMode="numeric"
              value={resultSeconds}
              onChange={(e) => setResultSeconds(e.target.value)}
            />
          </Field>
        </div>
        <p className="muted">{t('liveAdmin.tables.cycleHelp')}</p>
      </fieldset>
      {canManage ? (
        <div className="filters-actions">
          <button className="button button-primary" type="submit" disabled={save.isPending}>
            {t('liveAdmin.tables.save', { code: table.code })}
          </button>
        </div>
      ) : null}
      {save.isSuccess ? <Notice tone="success">{t('liveAdmin.saved')}</Notice> : null}
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
    </form>
  );
}
