import { pvpTableBounds } from '@tala/contracts/pvp-office';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/field.tsx';
import { money as amountText, minorFromInput } from '../../../lib/money.ts';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { fieldErrors, SettingsCard, SettingsList } from '../../games/components/settings-card.tsx';
import { type PvpOfficeTable, usePvpTables, useSavePvpTable } from '../api/pvp-office.ts';

/** The merchant's card tables: stake, buy-ins, the rake stated to members, the turn timer and maintenance. */
export function PvpTablesAdmin({
  merchant,
  money,
  canManage,
}: {
  merchant: string;
  money: MoneyFormat;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const tables = usePvpTables(merchant);
  return (
    <SettingsList
      id="pvp-tables"
      title={t('pvpAdmin.tables.title')}
      intro={t('pvpAdmin.tables.intro')}
      empty={t('pvpAdmin.tables.empty')}
      query={tables}
      items={(value) => value.list}
      card={(table) => (
        <TableForm key={table.code} merchant={merchant} table={table} money={money} canManage={canManage} />
      )}
    />
  );
}

const amountFields = ['stake', 'minBuyIn', 'maxBuyIn', 'rakeCap'] as const;

function TableForm({
  merchant,
  table,
  money,
  canManage,
}: {
  merchant: string;
  table: PvpOfficeTable;
  money: MoneyFormat;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const save = useSavePvpTable(merchant);
  // The merchant's own tables, in its currency: every decimal it has (pesos with two, dong with none).
  const [amounts, setAmounts] = useState(() => ({
    stake: amountText(table.stake, merchant),
    minBuyIn: amountText(table.minBuyIn, merchant),
    maxBuyIn: amountText(table.maxBuyIn, merchant),
    rakeCap: amountText(table.rakeCap, merchant),
  }));
  const [rakePercent, setRakePercent] = useState(String(table.rakeBps / 100));
  const [turnSeconds, setTurnSeconds] = useState(String(table.turnSeconds));
  const [name, setName] = useState(table.name);
  const [seats, setSeats] = useState(String(table.seats));
  const [maintenance, setMaintenance] = useState(table.maintenance);
  const [invalid, setInvalid] = useState<string | null>(null);
  const errorOf = fieldErrors(save.error, invalid, () => t('pvpAdmin.tables.invalid'));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed: Record<string, number> = {};
    for (const field of amountFields) {
      // A fraction of the minor unit goes to the server, which refuses it with amount_too_precise.
      const value = minorFromInput(amounts[field], merchant);
      if (value === null) {
        setInvalid(field);
        return;
      }
      parsed[field] = value;
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
    <InputField
      key={field}
      label={t(`pvpAdmin.tables.${field}`)}
      help={field === 'stake' ? t('pvpAdmin.tables.stakeHelp') : undefined}
      error={errorOf(field)}
      inputMode="decimal"
      value={amounts[field]}
      onChange={(value) => setAmounts((a) => ({ ...a, [field]: value }))}
    />
  );

  return (
    <SettingsCard
      headingId={`pvp-table-${table.code}`}
      name={table.name}
      code={table.code}
      savedInMaintenance={table.maintenance}
      texts={{
        underMaintenance: t('pvpAdmin.tables.underMaintenance'),
        running: t('pvpAdmin.tables.running'),
        maintenance: t('pvpAdmin.tables.maintenance'),
        maintenanceHelp: t('pvpAdmin.tables.maintenanceHelp'),
        save: t('pvpAdmin.tables.save', { code: table.code }),
        saved: t('pvpAdmin.saved'),
      }}
      summary={t('pvpAdmin.tables.summary', {
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
      note={table.running ? <p className="muted">{t('pvpAdmin.tables.handRunning')}</p> : null}
      maintenance={maintenance}
      onMaintenance={setMaintenance}
      canManage={canManage}
      save={save}
      onSubmit={submit}
    >
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('pvpAdmin.tables.stakes')}</legend>
        <div className="filters">
          <InputField
            label={t('pvpAdmin.tables.name')}
            error={errorOf('name')}
            value={name}
            onChange={setName}
          />
          <InputField
            label={t('pvpAdmin.tables.seats')}
            help={t('pvpAdmin.tables.seatsRange', pvpTableBounds.seats)}
            error={errorOf('seats')}
            inputMode="numeric"
            value={seats}
            onChange={setSeats}
          />
          {amountField('stake')}
          {amountField('minBuyIn')}
          {amountField('maxBuyIn')}
        </div>
        <p className="muted">{t('pvpAdmin.tables.leastBuyIn', { amount: money.exact(table.leastBuyIn) })}</p>
      </fieldset>
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('pvpAdmin.tables.rakeAndTimer')}</legend>
        <div className="filters">
          <InputField
            label={t('pvpAdmin.tables.rakePercent')}
            help={t('pvpAdmin.tables.rakeRange', { max: pvpTableBounds.rakeBps.max / 100 })}
            error={errorOf('rakeBps')}
            inputMode="decimal"
            value={rakePercent}
            onChange={setRakePercent}
          />
          {amountField('rakeCap')}
          <InputField
            label={t('pvpAdmin.tables.turnSeconds')}
            help={t('pvpAdmin.tables.secondsRange', pvpTableBounds.turnSeconds)}
            error={errorOf('turnSeconds')}
            inputMode="numeric"
            value={turnSeconds}
            onChange={setTurnSeconds}
          />
        </div>
        <p className="muted">{t('pvpAdmin.tables.rakeHelp')}</p>
      </fieldset>
    </SettingsCard>
  );
}
