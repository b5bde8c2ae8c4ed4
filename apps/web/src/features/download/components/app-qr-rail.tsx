import './download.css';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { useAppDownload } from '../api/get-app-download.ts';
import { QrCode } from './qr-code.tsx';

/** The right bar's QR codes (§2): iOS, Android and the mobile site, each shown beside the bar on hover or focus. */
export function AppQrRail() {
  const { t } = useTranslation();
  const download = useAppDownload();
  if (!download.data) return null;
  const { apps, qr } = download.data;
  return (
    <>
      {apps.map((app) => {
        const name = t(`download.platform.${app.resourceType}`);
        return (
          <div key={app.resourceType} className="rail-entry">
            <a className="rail__link" href="/down" aria-label={t('download.qrAlt', { name })}>
              <Icon name={app.resourceType === 'MOBILE_CONFIG' ? 'screen' : 'devices'} size={22} />
              <span className="rail__label">{t(`download.short.${app.resourceType}`)}</span>
            </a>
            <div className="rail-flyout rail-flyout--qr">
              <QrCode app={app} qr={qr} label={t('download.qrAlt', { name })} />
              <p className="rail-flyout__caption">{name}</p>
            </div>
          </div>
        );
      })}
    </>
  );
}
