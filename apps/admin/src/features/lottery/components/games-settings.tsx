import { parseAmountInput } from '@tala/contracts/money-format';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Switch } from '../../../components/switch.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { type OfficeGame, useSaveBetType, useSaveLotteryGame } from '../api/lottery-office.ts';
import {
  oddsShown,
  oddsText,
  parseOdds,
  parseRebate,
  percentText,
  prizeModes,
  rebateText,
} from './lottery-shared.tsx';

type Mode = (typeof prizeModes)[number];

/** One game's switches and rebates, its schedule, and its bet types' odds, limits and caps. */
export function GameSettings({
  merchant,
  game,
  money,
  exponent,
  canManage,
}: {
  merchant: string;
  game: OfficeGame;
  money: MoneyFormat;
  exponent: number;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const type = game.betTypes.find((b) => b.code === editing);
  return (
    <div className="stack">
      <SwitchesForm key={`${game.gameCode}-switches`} merchant={merchant} game={game} canManage={canManage} />
      <section className="card stack" aria-labelledby="lottery-schedule">
        <h2 id="lottery-schedule">{t('lotteryAdmin.schedule.title')}</h2>
        <p className="muted">
          {game.resultSource === 'operator'
            ? t('lotteryAdmin.schedule.daily', {
                time: `${String(Math.floor((game.dailyMinute ?? 0) / 60)).padStart(2, '0')}:${String((game.dailyMinute ?? 0) % 60).padStart(2, '0')}`,
                close: game.closeSeconds / 60,
              })
            : t('lotteryAdmin.schedule.fast', {
                minutes: game.intervalSeconds / 60,
                close: game.closeSeconds,
              })}
        </p>
        <DataTable
          caption={t('lotteryAdmin.schedule.title')}
          columns={[
            t('lotteryAdmin.issue'),
            t('lotteryAdmin.saleOpens'),
            t('lotteryAdmin.saleCloses'),
            t('lotteryAdmin.drawAt'),
          ]}
          rows={game.nextIssues}
          row={(issue) => (
            <tr key={issue.issueNo}>
              <td data-label={t('lotteryAdmin.issue')}>{issue.issueNo}</td>
              <td data-label={t('lotteryAdmin.saleOpens')}>
                {formatDateTime(issue.saleOpensAt, i18n.language)}
              </td>
              <td data-label={t('lotteryAdmin.saleCloses')}>
                {formatDateTime(issue.saleClosesAt, i18n.language)}
              </td>
              <td data-label={t('lotteryAdmin.drawAt')}>{formatDateTime(issue.drawAt, i18n.language)}</td>
            </tr>
          )}
        />
      </section>
      <section className="card stack" aria-labelledby="lottery-bet-types">
        <h2 id="lottery-bet-types">{t('lotteryAdmin.betTypes.title')}</h2>
        <p className="muted">{t('lotteryAdmin.betTypes.intro')}</p>
        <DataTable
          caption={t('lotteryAdmin.betTypes.title')}
          columns={[
            t('lotteryAdmin.betTypes.code'),
            t('lotteryAdmin.betTypes.fair'),
            ...prizeModes.map((m) => t('lotteryAdmin.betTypes.oddsIn', { mode: m })),
            t('lotteryAdmin.betTypes.stake'),
            t('lotteryAdmin.betTypes.cap'),
          ]}
          rows={game.betTypes}
          row={(b) => (
            <tr key={b.code}>
              <td data-label={t('lotteryAdmin.betTypes.code')}>
                <div className="stack">
                  <strong>{t(`lotteryAdmin.betTypeNames.${b.code}`, { defaultValue: b.code })}</strong>
                  {canManage ? (
                    <button
                      type="button"
                      className="button"
                      aria-label={t('lotteryAdmin.betTypes.editNamed', { name: b.code })}
                      onClick={() => setEditing(b.code)}
                    >
                      {t('lotteryAdmin.betTypes.edit')}
                    </button>
                  ) : null}
                </div>
              </td>
              <td data-label={t('lotteryAdmin.betTypes.fair')}>×{oddsShown(b.fairOdds)}</td>
              {prizeModes.map((m) => (
                <td key={m} data-label={t('lotteryAdmin.betTypes.oddsIn', { mode: m })}>
                  ×{oddsShown(b.odds[m])} <span className="muted">({percentText(b.returns[m])})</span>
                </td>
              ))}
              <td data-label={t('lotteryAdmin.betTypes.stake')}>
                {money.exact(b.stake.min)} – {money.exact(b.stake.max)}
              </td>
              <td data-label={t('lotteryAdmin.betTypes.cap')}>
                {b.liabilityCap === null ? t('lotteryAdmin.betTypes.noCap') : money.exact(b.liabilityCap)}
              </td>
            </tr>
          )}
        />
      </section>
      {type && canManage ? (
        <BetTypeForm
          key={`${game.gameCode}-${type.code}`}
          merchant={merchant}
          gameCode={game.gameCode}
          type={type}
          exponent={exponent}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function SwitchesForm({
  merchant,
  game,
  canManage,
}: {
  merchant: string;
  game: OfficeGame;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveLotteryGame(merchant);
  const [enabled, setEnabled] = useState(game.enabled);
  const [onSale, setOnSale] = useState(game.onSale);
  const [rebates, setRebates] = useState(
    () => Object.fromEntries(prizeModes.map((m) => [m, rebateText(game.rebates[m])])) as Record<Mode, string>,
  );
  const [invalid, setInvalid] = useState<Mode | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = {} as Record<Mode, number>;
    for (const mode of prizeModes) {
      const value = parseRebate(rebates[mode]);
      if (value === null) {
        setInvalid(mode);
        return;
      }
      parsed[mode] = value;
    }
    setInvalid(null);
    save.mutate({ gameCode: game.gameCode, body: { enabled, onSale, rebates: parsed } });
  }
  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="lottery-switches">
      <h2 id="lottery-switches">{t('lotteryAdmin.switches.title', { name: game.name })}</h2>
      {game.resultSource === 'operator' ? (
        <p className="muted">{t('lotteryAdmin.switches.operatorGame')}</p>
      ) : null}
      <fieldset className="plain" disabled={!canManage}>
        <div className="filters">
          <Switch label={t('lotteryAdmin.switches.enabled')} checked={enabled} onChange={setEnabled} />
          <Switch label={t('lotteryAdmin.switches.onSale')} checked={onSale} onChange={setOnSale} />
        </div>
      </fieldset>
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('lotteryAdmin.switches.rebates')}</legend>
        <div className="filters">
          {prizeModes.map((mode) => (
            <Field
              key={mode}
              label={t('lotteryAdmin.switches.rebateIn', { mode })}
              error={invalid === mode ? t('lotteryAdmin.invalidNumber') : undefined}
            >
              <input
                className="input"
                inputMode="decimal"
                value={rebates[mode]}
                onChange={(e) => setRebates({ ...rebates, [mode]: e.target.value })}
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <p className="muted">{t('lotteryAdmin.switches.rebateHelp')}</p>
      {canManage ? (
        <div className="filters-actions">
          <button className="button button-primary" type="submit" disabled={save.isPending}>
            {t('lotteryAdmin.save')}
          </button>
        </div>
      ) : null}
      {save.isSuccess ? <Notice tone="success">{t('lotteryAdmin.saved')}</Notice> : null}
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
    </form>
  );
}

function BetTypeForm({
  merchant,
  gameCode,
  type,
  exponent,
  onClose,
}: {
  merchant: string;
  gameCode: string;
  type: OfficeGame['betTypes'][number];
  exponent: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBetType(merchant);
  const amountText = (minor: number | null) =>
    minor === null ? '' : (minor / 10 ** exponent).toFixed(exponent);
  const [odds, setOdds] = useState(
    () => Object.fromEntries(prizeModes.map((m) => [m, oddsText(type.odds[m])])) as Record<Mode, string>,
  );
  const [stakeMin, setStakeMin] = useState(amountText(type.stake.min));
  const [stakeMax, setStakeMax] = useState(amountText(type.stake.max));
  const [cap, setCap] = useState(amountText(type.liabilityCap));
  const [invalid, setInvalid] = useState<string | null>(null);
  const amount = (text: string): number | null | undefined => {
    if (text.trim() === '') return null;
    const value = parseAmountInput(text, exponent);
    return typeof value === 'number' ? value : undefined;
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      odds: {} as Partial<Record<Mode, number>>,
      stakeMin: null,
      stakeMax: null,
      liabilityCap: null,
    } as {
      odds: Partial<Record<Mode, number>>;
      stakeMin: number | null;
      stakeMax: number | null;
      liabilityCap: number | null;
    };
    for (const mode of prizeModes) {
      const value = parseOdds(odds[mode]);
      if (value === null) return setInvalid(mode);
      if (value !== type.defaultOdds[mode]) body.odds[mode] = value;
    }
    const min = amount(stakeMin);
    const max = amount(stakeMax);
    const liability = amount(cap);
    if (min === undefined) return setInvalid('stakeMin');
    if (max === undefined) return setInvalid('stakeMax');
    if (liability === undefined) return setInvalid('cap');
    setInvalid(null);
    body.stakeMin = min === type.defaultStake.min ? null : min;
    body.stakeMax = max === type.defaultStake.max ? null : max;
    body.liabilityCap = liability;
    save.mutate({ gameCode, betType: type.code, body });
  }
  const error = (key: string) => (invalid === key ? t('lotteryAdmin.invalidNumber') : undefined);
  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="lottery-bet-type-form">
      <h2 id="lottery-bet-type-form">{t('lotteryAdmin.betTypes.editNamed', { name: type.code })}</h2>
      <p className="muted">
        {t('lotteryAdmin.betTypes.fairHelp', { fair: oddsShown(type.fairOdds), hits: type.maxHits })}
      </p>
      <div className="filters">
        {prizeModes.map((mode) => (
          <Field key={mode} label={t('lotteryAdmin.betTypes.oddsIn', { mode })} error={error(mode)}>
            <input
              className="input"
              inputMode="decimal"
              value={odds[mode]}
              onChange={(e) => setOdds({ ...odds, [mode]: e.target.value })}
            />
          </Field>
        ))}
      </div>
      <div className="filters">
        <Field label={t('lotteryAdmin.betTypes.stakeMin')} error={error('stakeMin')}>
          <input
            className="input"
            inputMode="decimal"
            value={stakeMin}
            onChange={(e) => setStakeMin(e.target.value)}
          />
        </Field>
        <Field label={t('lotteryAdmin.betTypes.stakeMax')} error={error('stakeMax')}>
          <input
            className="input"
            inputMode="decimal"
            value={stakeMax}
            onChange={(e) => setStakeMax(e.target.value)}
          />
        </Field>
        <Field
          label={t('lotteryAdmin.betTypes.cap')}
          help={t('lotteryAdmin.betTypes.capHelp')}
          error={error('cap')}
        >
          <input className="input" inputMode="decimal" value={cap} onChange={(e) => setCap(e.target.value)} />
        </Field>
      </div>
      <div className="filters-actions">
        <button className="button button-primary" type="submit" disabled={save.isPending}>
          {t('lotteryAdmin.save')}
        </button>
        <button className="button" type="button" onClick={onClose}>
          {t('lotteryAdmin.close')}
        </button>
      </div>
      {save.isSuccess ? <Notice tone="success">{t('lotteryAdmin.saved')}</Notice> : null}
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
    </form>
  );
}
