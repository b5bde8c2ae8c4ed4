import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import type { MerchantSummary } from '../api/get-merchants.ts';

/** Chooses the merchant whose settings the page shows. */
export function MerchantPicker({
  merchants,
  value,
  onChange,
}: {
  merchants: MerchantSummary[];
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  const current = merchants.find((m) => m.code === value);
  return (
    <Field
      className="merchant-picker"
      label={t('settings.merchant')}
      help={current ? t('settings.domains', { domains: current.domains.join(', ') }) : undefined}
    >
      <select className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {merchants.map((m) => (
          <option key={m.code} value={m.code}>
            {m.brandName} ({m.code})
          </option>
        ))}
      </select>
    </Field>
  );
}
