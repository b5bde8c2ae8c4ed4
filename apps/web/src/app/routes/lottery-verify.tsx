import { useTranslation } from 'react-i18next';
import { VerifyPage } from '../../features/lottery/components/verify-page.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** /lottery/verify?gameCode&issueNo&serverSeed: recompute a draw in the browser (header only, like /lottery). */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('lottery.verify.title'));
  return (
    <div className="page">
      <VerifyPage />
    </div>
  );
}
