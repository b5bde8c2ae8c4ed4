import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useOutletContext, useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { paths } from '../../config/paths.ts';
import { useMerchants } from '../../features/settings/api/get-merchants.ts';
import { MerchantPicker } from '../../features/settings/components/merchant-picker.tsx';
import { SettingsEditor } from '../../features/settings/components/settings-editor.tsx';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const { merchantCode } = useParams();
  const navigate = useNavigate();
  const merchants = useMerchants();

  let body: ReactNode;
  if (merchants.isPending) body = <Loading />;
  else if (merchants.isError)
    body = <LoadError error={merchants.error} onRetry={() => void merchants.refetch()} />;
  else if (!merchantCode) {
    const first = merchants.data[0];
    return first ? <Navigate to={paths.settings.href(first.code)} replace /> : null;
  } else if (!merchants.data.some((m) => m.code === merchantCode)) {
    body = <Notice tone="error">{t('errors.notFound')}</Notice>;
  } else {
    body = (
      <>
        <MerchantPicker
          merchants={merchants.data}
          value={merchantCode}
          onChange={(code) => navigate(paths.settings.href(code))}
        />
        <SettingsEditor key={merchantCode} merchantCode={merchantCode} canEdit={operator.role === 'owner'} />
      </>
    );
  }
  return (
    <div className="stack">
      <h1>{t('settings.title')}</h1>
      {body}
    </div>
  );
}
