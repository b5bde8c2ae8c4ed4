import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useMerchants } from '../features/settings/api/get-merchants.ts';
import { MerchantPicker } from '../features/settings/components/merchant-picker.tsx';
import { scopeMerchantMoney } from '../lib/money.ts';
import { LoadError } from './load-error.tsx';
import { Loading } from './loading.tsx';
import { Notice } from './notice.tsx';

/**
 * A page about one merchant: loads the merchants, sends a bare address to the first one, shows the merchant
 * picker (which changes the address) and renders the page body for the chosen merchant.
 */
export function MerchantScope({
  merchantCode,
  href,
  children,
}: {
  merchantCode: string | undefined;
  href: (merchantCode: string) => string;
  children: (merchantCode: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merchants = useMerchants();
  if (merchants.isPending) return <Loading />;
  if (merchants.isError)
    return <LoadError error={merchants.error} onRetry={() => void merchants.refetch()} />;
  if (!merchantCode) {
    const first = merchants.data[0];
    return first ? <Navigate to={href(first.code)} replace /> : null;
  }
  if (!merchants.data.some((m) => m.code === merchantCode))
    return <Notice tone="error">{t('errors.notFound')}</Notice>;
  // Amounts on this page are in this merchant's currency (lib/money.ts).
  scopeMerchantMoney(merchantCode);
  return (
    <>
      <MerchantPicker
        merchants={merchants.data}
        value={merchantCode}
        onChange={(code) => navigate(href(code))}
      />
      {children(merchantCode)}
    </>
  );
}

/** The merchant filter of cross-merchant lists: every merchant, or one. */
export function MerchantFilter({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  const merchants = useMerchants();
  return (
    <select
      className="input"
      value={value}
      aria-label={t('common.merchant')}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('common.allMerchants')}</option>
      {(merchants.data ?? []).map((m) => (
        <option key={m.code} value={m.code}>
          {m.brandName} ({m.code})
        </option>
      ))}
    </select>
  );
}
