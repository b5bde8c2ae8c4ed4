import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { CreateMerchantForm } from '../../features/merchants/components/create-merchant-form.tsx';
import { MerchantsTable } from '../../features/merchants/components/merchants-table.tsx';
import type { ShellContext } from '../layout/shell.tsx';

/** The platform's merchants: list, suspend and resume, create (platform owners; decision 060). */
export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const owner = operator.platform && operator.role === 'owner';
  return (
    <div className="stack">
      <h1>{t('merchantsAdmin.title')}</h1>
      <p className="muted">{t('merchantsAdmin.intro')}</p>
      {operator.platform ? (
        <>
          <MerchantsTable canChange={owner} />
          {owner ? <CreateMerchantForm /> : null}
        </>
      ) : (
        <Notice tone="warning">{t('merchantsAdmin.platformOnly')}</Notice>
      )}
    </div>
  );
}
