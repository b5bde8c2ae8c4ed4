import { type EarnRates, earningProducts } from '@tala/contracts/points';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { amountFromInput, money } from '../../../lib/money.ts';
import { type PointSettings, usePointSettings, useSavePointSettings } from '../api/point-mall.ts';

const rateKeys = [...earningProducts, 'deposit'] as const;
const asInput = (minor: number) => (minor / 100).toFixed(2);
const minorOf = (text: string) => {
  const parsed = amountFromInput(text);
  return typeof parsed === 'number' ? parsed : Number.NaN;
};

function SettingsForm({
  merchantCode,
  settings,
  mayEdit,
}: {
  merchantCode: string;
  settings: PointSettings;
  mayEdit: boolean;
}) {
  const { t } = useTranslation();
  const save = useSavePointSettings(merchantCode);
  const [rates, setRates] = useState<Record<string, string>>(
    Object.fromEntries(rateKeys.map((k) => [k, asInput(settings.earnRates[k])])),
  );
  const [cash, setCash] = useState(asInput(settings.cashPerPoint));
  const [min, setMin] = useState(String(settings.minConvertPoints));
  return (
    <form
      className="stack card"
      aria-label={t('pointMall.settings.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          earnRates: Object.fromEntries(rateKeys.map((k) => [k, minorOf(rates[k] ?? '')])) as EarnRates,
          cashPerPoint: minorOf(cash),
          minConvertPoints: Number(min),
        });
      }}
    >
      <p className="muted">{t('pointMall.settings.help')}</p>
      <fieldset className="filters" disabled={!mayEdit}>
        <legend>{t('pointMall.settings.rates')}</legend>
        {rateKeys.map((k) => (
          <Field key={k} label={t(`pointMall.products.${k}`)} help={t('pointMall.settings.perPoint')}>
            <input
              className="input"
              inputMode="decimal"
              value={rates[k] ?? ''}
              onChange={(e) => setRates({ ...rates, [k]: e.target.value })}
            />
          </Field>
        ))}
      </fieldset>
      <fieldset className="filters" disabled={!mayEdit}>
        <legend>{t('pointMall.settings.conversion')}</legend>
        <Field label={t('pointMall.settings.cashPerPoint')} help={t('pointMall.settings.cashHelp')}>
          <input
            className="input"
            inputMode="decimal"
            value={cash}
            onChange={(e) => setCash(e.target.value)}
          />
        </Field>
        <Field label={t('pointMall.settings.minConvert')}>
          <input className="input" inputMode="numeric" value={min} onChange={(e) => setMin(e.target.value)} />
        </Field>
      </fieldset>
      <p className="muted">
        {t('pointMall.settings.example', { amount: money(settings.earnRates.slots || 10_000) })}
      </p>
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
      {save.isSuccess ? <Notice tone="success">{t('pointMall.settings.saved')}</Notice> : null}
      {mayEdit ? (
        <div>
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('pointMall.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** The merchant's ratios: valid bet or deposit per point, per product; the cash paid per point converted. */
export function PointSettingsPanel({ merchantCode, mayEdit }: { merchantCode: string; mayEdit: boolean }) {
  const settings = usePointSettings(merchantCode);
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <SettingsForm key={merchantCode} merchantCode={merchantCode} settings={settings.data} mayEdit={mayEdit} />
  );
}
