import { liveCycleBounds } from '@tala/contracts/live-office';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/field.tsx';
import { merchantStakeScale, studioStake, studioStakeFromInput } from '../../../lib/money.ts';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { fieldErrors, SettingsCard, SettingsList } from '../../games/components/settings-card.tsx';
import { type LiveOfficeTable, useLiveTables, useSaveLiveTable } from '../api/live-office.ts';

/**
 * The studio's tables, shared by every merchant: limits per spot, the cycle and the maintenance switch. The limits
 * are kept for the peso and read and typed here as the scoped merchant's members see them (decision 069).
 */
export function TablesAdmin({
  merchant,
  money,
  canManage,
}: {
  merchant: string;
  money: MoneyFormat;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const tables = useLiveTables();
  return (
    <SettingsList
      id="live-tables"
      title={t('liveAdmin.tables.title')}
      intro={t('liveAdmin.tables.intro')}
      empty={t('liveAdmin.tables.empty')}
      query={tables}
      // The bingo rooms come with the tables; they have their own form (rooms-admin.tsx).
      items={(value) => value.list.filter((table) => table.room === null)}
      card={(table) => (
        <TableForm key={table.code} merchant={merchant} table={table} money={money} canManage={canManage} />
      )}
    />
  );
}

function TableForm({
  merchant,
  table,
  money,
  canManage,
}: {
  merchant: string;
  table: LiveOfficeTable;
  money: MoneyFormat;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveLiveTable();
  // The studio keeps the limits for the peso; this merchant's members read them times its stake scale.
  const scale = merchantStakeScale(merchant);
  const [minBet, setMinBet] = useState(() => studioStake(table.minBet, merchant));
  const [maxBet, setMaxBet] = useState(() => studioStake(table.maxBet, merchant));
  const [bettingSeconds, setBettingSeconds] = useState(String(table.bettingSeconds));
  const [resultSeconds, setResultSeconds] = useState(String(table.resultSeconds));
  const [maintenance, setMaintenance] = useState(table.maintenance);
  const [invalid, setInvalid] = useState<string | null>(null);
  const errorOf = fieldErrors(save.error, invalid, () => t('liveAdmin.tables.invalid'));

  function submit(event: FormEvent) {
    event.preventDefault();
    const amounts = {
      minBet: studioStakeFromInput(minBet, merchant),
      maxBet: studioStakeFromInput(maxBet, merchant),
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
    // Too many decimals reach the server as a fraction of a unit, which it refuses with amount_too_precise.
    const body = {
      minBet: amounts.minBet as number,
      maxBet: amounts.maxBet as number,
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
    <SettingsCard
      headingId={`live-table-${table.code}`}
      name={table.name}
      code={table.code}
      savedInMaintenance={table.maintenance}
      texts={{
        underMaintenance: t('liveAdmin.tables.underMaintenance'),
        running: t('liveAdmin.tables.running'),
        maintenance: t('liveAdmin.tables.maintenance'),
        maintenanceHelp: t('liveAdmin.tables.maintenanceHelp'),
        save: t('liveAdmin.tables.save', { code: table.code }),
        saved: t('liveAdmin.saved'),
      }}
      summary={t('liveAdmin.tables.summary', {
        game: t(`liveAdmin.games.${table.game}`),
        min: money.exact(table.minBet * scale),
        max: money.exact(table.maxBet * scale),
        betting: table.bettingSeconds,
        result: table.resultSeconds,
        rounds: table.openRounds,
        bets: table.openBets,
      })}
      maintenance={maintenance}
      onMaintenance={setMaintenance}
      canManage={canManage}
      save={save}
      onSubmit={submit}
    >
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('liveAdmin.tables.limits')}</legend>
        <div className="filters">
          <InputField
            label={t('liveAdmin.tables.minBet')}
            error={errorOf('minBet')}
            inputMode="decimal"
            value={minBet}
            onChange={setMinBet}
          />
          <InputField
            label={t('liveAdmin.tables.maxBet')}
            error={errorOf('maxBet')}
            inputMode="decimal"
            value={maxBet}
            onChange={setMaxBet}
          />
        </div>
        <p className="muted">{t('liveAdmin.tables.limitsHelp', { step: money.exact(scale) })}</p>
      </fieldset>
      <fieldset className="group" disabled={!canManage || !maintenance}>
        <legend className="field-label">{t('liveAdmin.tables.cycle')}</legend>
        <div className="filters">
          <InputField
            label={t('liveAdmin.tables.bettingSeconds')}
            help={t('liveAdmin.tables.secondsRange', liveCycleBounds.bettingSeconds)}
            error={errorOf('bettingSeconds')}
            inputMode="numeric"
            value={bettingSeconds}
            onChange={setBettingSeconds}
          />
          <InputField
            label={t('liveAdmin.tables.resultSeconds')}
            help={t('liveAdmin.tables.secondsRange', liveCycleBounds.resultSeconds)}
            error={errorOf('resultSeconds')}
            inputMode="numeric"
            value={resultSeconds}
            onChange={setResultSeconds}
          />
        </div>
        <p className="muted">{t('liveAdmin.tables.cycleHelp')}</p>
      </fieldset>
    </SettingsCard>
  );
}
