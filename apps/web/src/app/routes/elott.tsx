import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.tsx';
import { paths } from '../../config/paths.ts';
import { CategoryVendors } from '../../features/games/components/category-vendors.tsx';
import { LotteryHub } from '../../features/lottery/components/lottery-hub.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSiteStatus } from '../use-site-status.ts';

/**
 * /elott: the lottery area's page (banner group lottery, spec §2): the in-house draws in the Elott prize mode with
 * the Vietnam lottery first, then the lottery providers (LOTT and ELOTT vendors) into their lobbies. Its texts are
 * the deferred catalogue's (the router loads it with the page).
 */
export function Component() {
  const { t } = useTranslation(undefined, { keyPrefix: 'routePages.elott' });
  const brand = useSiteStatus().info.whitelabel.brandName;
  const title = t('title');
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeading icon="lottery" title={title} />
      <p className="lottery__muted">{t('line', { brand })}</p>
      <LotteryHub prizeMode="Elott" backUrl={paths.elott} />
      <CategoryVendors gameTypes={['ELOTT', 'LOTT']} title={t('providers')} exclude={['LOTT']} />
    </div>
  );
}
