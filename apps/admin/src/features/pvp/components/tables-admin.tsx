import { formatAmount, parseAmountInput } from '@tala/contracts/money-format';
import { pvpTableBounds } from '@tala/contracts/pvp-office';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Switch } from '../../../components/switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type MoneyFormat, QueryView } from '../../games/components/games-shared.tsx';
import { type PvpOfficeTable, usePvpTables, useSavePvpTable } from '../api/pvp-office.ts';

/** The merchant's card tables: stake, buy-ins, the rake stated to members, the turn timer and maintenance. */
export function PvpTablesAdmin({
  merchant,
  money,
  exponent,
  canManage,
}: {
  merchant: string;
  money: MoneyFormat;
  exponent: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const tables = usePvpTables(merchant);
  return (
    <section className="stack" aria-labelledby="pvp-tables">
      <h2 id="pvp-tables">{t('pvpAdmin.tables.title')}</h2>
      <p className="muted">{t('pvpAdmin.tables.intro')}</p>
      <QueryView query={tables}>
        {(value) =>
          value.list.length === 0 ? (
            <p className="muted">{t('pvpAdmin.tables.empty')}</p>
          ) : (
            <div className="stack">
              {value.list.map((table) => (
                <TableForm
                  key={table.code}
                  merchant={merchant}
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

const amountFields = ['stake', 'minBuyIn', 'maxBuyIn', 'rakeCap'] as const;

function TableForm({
  merchant,
  table,
  money,
  exponent,
  canManage,
}: {
  merchant: string;
  table: PvpOfficeTable;
  money: MoneyFormat;
  exponent: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const save = useSavePvpTable(merchant);
  const amountText = (minor: number) => formatAmount(minor, { exponent, displayDecimals: exponent });
  const [amounts, setAmounts] = useState(() => ({
    stake: amountText(table.stake),
    minBuyIn: amountText(table.minBuyIn),
    maxBuyIn: amountText(table.maxBuyIn),
    rakeCap: amountText(table.rakeCap),
  }));
  const [rakePercent, setRakePercent] = useState(String(table.rakeBps / 100));
  const [turnSeconds, setTurnSeconds] = useState(String(table.turnSeconds));
  const [name, setName] = useState(table.name);
  const [seats, setSeats] = useState(String(table.seats));
  const [maintenance, setMaintenance] = useState(table.maintenance);
  const [invalid, setInvalid] = useState<string | null>(null);
  const headingId = `pvp-table-${table.code}`;
  const serverField = save.error instanceof ApiError ? save.error.field : undefined;
  const errorOf = (field: string) =>
    invalid === field
      ? t('pvpAdmin.tables.invalid')
      : serverField === field
        ? (save.error?.message ?? undefined)
        : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed: Record<string, number> = {};
    for (const field of amountFields) {
      const value = parseAmountInput(amounts[field], exponent);
      if (value === null) {
        setInvalid(field);
        return;
      }
      parsed[field] = Number(value);
    }
    const rake = Number(rakePercent.trim());
    if (!/^\d+(\.\d{1,2})?$/.test(rakePercent.trim()) || rake > 100) {
      setInvalid('rakeBps');
      return;
    }
    for (const [field, value] of Object.entries({ turnSeconds, seats }))
      if (!/^\d+$/.test(value.trim())) {
        setInvalid(field);
        return;
      }
    if (!name.trim()) {
      setInvalid('name');
      return;
    }
    setInvalid(null);
    if (
      maintenance &&
      !table.maintenance &&
      table.seated > 0 &&
      !window.confirm(t('pvpAdmin.tables.confirmMaintenance', { seated: table.seated }))
    )
      return;
    save.mutate({
      code: table.code,
      body: {
        name: name.trim(),
        seats: Number(seats),
        stake: parsed.stake as number,
        minBuyIn: parsed.minBuyIn as number,
        maxBuyIn: parsed.maxBuyIn as number,
        rakeCap: parsed.rakeCap as number,
        rakeBps: Math.round(rake * 100),
        turnSeconds: Number(turnSeconds),
        maintenance,
      },
    });
  }

  const amountField = (field: (typeof amountFields)[number]) => (
    <Field
      key={field}
      label={t(`pvpAdmin.tables.${field}`)}
      help={field === 'stake' ? t('pvpAdmin.tables.stakeHelp') : undefined}
      error={errorOf(field)}
    >
      <input
        className="input"
        inputMode="decimal"
        value={amounts[field]}
        onChange={(e) => setAmounts((a) => ({ ...a, [field]: e.target.value }))}
      />
    </Field>
  );

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <div className="title-row">
        <h3 id={headingId}>{`${table.name} (${table.code})`}</h3>
        <span className={`badge ${table.maintenance ? 'badge-off' : 'badge-on'}`}>
          {table.maintenance ? t('pvpAdmin.tables.underMaintenance') : t('pvpAdmin.tables.running')}
        </span>
      </div>
      <p className="muted">
        {t('pvpAdmin.tables.summary', {
          game: t(`pvpAdmin.games.${table.game}`),
          stake: money.exact(table.stake),
          seated: table.seated,
          seats: table.seats,
          min: money.exact(table.minBuyIn),
          max: money.exact(table.maxBuyIn),
          percent: table.rakeBps / 100,
          cap: money.exact(table.rakeCap),
          seconds: table.turnSeconds,
        })}
      </p>
      {table.running ? <p className="muted">{t('pvpAdmin.tables.handRunning')}</p> : null}
      <fieldset className="plain" disabled={!canManage}>
        <Switch
          label={t('pvpAdmin.tables.maintenance')}
          help={t('pvpAdmin.tables.maintenanceHelp')}
          checked={maintenance}
          onChange={setMaintenance}
        />
      </fieldset>
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('pvpAdmin.tables.stakes')}</legend>
        <div className="filters">
          <Field label={t('pvpAdmin.tables.name')} error={errorOf('name')}>
            <input className="input" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field
            label={t('pvpAdmin.tables.seats')}
            help={t('pvpAdmin.tables.seatsRange', pvpTableBounds.seats)}
            error={errorOf('seats')}
          >
            <input
              className="input"
              inputMode="numeric"
              value={seats}
              onChange={(e) => setSeats(e.target.value)}
            />
          </Field>
          {amountField('stake')}
          {amountField('minBuyIn')}
          {amountField('maxBuyIn')}
        </div>
        <p className="muted">{t('pvpAdmin.tables.leastBuyIn', { amount: money.exact(table.leastBuyIn) })}</p>
      </fieldset>
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('pvpAdmin.tables.rakeAndTimer')}</legend>
        <div className="filters">
          <Field
            label={t('pvpAdmin.tables.rakePercent')}
            help={t('pvpAdmin.tables.rakeRange', { max: pvpTableBounds.rakeBps.max / 100 })}
            error={errorOf('rakeBps')}
          >
            <input
              className="input"
              inputMode="decimal"
              value={rakePercent}
              onChange={(e) => setRakePercent(e.target.value)}
            />
          </Field>
          {amountField('rakeCap')}
          <Field
            label={t('pvpAdmin.tables.turnSeconds')}
            help={t('pvpAdmin.tables.secondsRange', pvpTableBounds.turnSeconds)}
            error={errorOf('turnSeconds')}
          >
            <input
              className="input"
              inputMode="numeric"
              value={turnSeconds}
              onChange={(e) => setTurnSeconds(e.target.value)}
            />
          </Field>
        </div>
        <p className="muted">{t('pvpAdmin.tables.rakeHelp')}</p>
      </fieldset>
      {canManage ? (
        <div className="filters-actions">
          <button className="button button-primary" type="submit" disabled={save.isPending}>
            {t('pvpAdmin.tables.save', { code: table.code })}
          </button>
        </div>
      ) : null}
      {save.isSuccess ? <Notice tone="success">{t('pvpAdmin.saved')}</Notice> : null}
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
    </form>
  );
}
