import { pickLanguage } from '@tala/contracts/language-codes';
import type { SystemStatus } from '@tala/contracts/system';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '../../features/support/components/customer-service-button.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { GateFrame } from './gate-frame.tsx';

/** Status 2: the region-blocked page (visitor IP, info text, customer-service button). */
export function RegionBlockedPage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = t('system.blockip');
  const brandName = status.info.whitelabel.brandName;

  useEffect(() => {
    document.title = `${title} · ${brandName}`;
  }, [title, brandName]);

  return (
    <GateFrame status={status} icon="lock" kind="region">
      <h1 className="gate__title">{title}</h1>
      <p className="gate__ip">{t('system.ip', { ip: status.location.ip })}</p>
      <p className="gate__message">
        {pickLanguage(status.regionRestriction.message, language)?.trim() || t('system.info_ip_block')}
      </p>
      <CustomerServiceButton items={status.customerService} />
    </GateFrame>
  );
}
