import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import { RulesEditor } from '../../features/registration/components/rules-editor.tsx';
import { can } from '../../lib/roles.ts';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const { merchantCode } = useParams();
  return (
    <div className="stack">
      <h1>{t('rules.title')}</h1>
      <p className="muted">{t('rules.intro')}</p>
      {can.readMembers(operator.role) ? (
        <MerchantScope merchantCode={merchantCode} href={paths.registration.href}>
          {(code) => <RulesEditor key={code} merchantCode={code} canEdit={can.editRules(operator.role)} />}
        </MerchantScope>
      ) : (
        <Forbidden />
      )}
    </div>
  );
}
