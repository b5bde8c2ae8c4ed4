import './download.css';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon, type IconName } from '../../../components/icons.tsx';
import { type AppEntry, useAppDownload } from '../api/get-app-download.ts';
import { install, useInstallState } from '../lib/pwa.ts';
import { QrCode } from './qr-code.tsx';

const platformIcon: Record<AppEntry['resourceType'], IconName> = {
  IOS: 'devices',
  ANDROID: 'devices',
  MOBILE_CONFIG: 'screen',
};
const steps = ['1', '2', '3', '4'] as const;

function InstallSteps({ type }: { type: AppEntry['resourceType'] }) {
  const { t } = useTranslation();
  const key = type === 'IOS' ? 'ios' : type === 'ANDROID' ? 'android' : 'mobile';
  return (
    <ol className="download__steps">
      {steps.map((step) => (
        <li key={step}>{t(`download.steps.${key}.${step}`)}</li>
      ))}
    </ol>
  );
}

/**
 * This site's own address as a QR code drawn by our server, so a visitor on a computer opens the site (and its web
 * app install) on the phone; hidden on phones, which are already there.
 */
function SiteQr({ brandName }: { brandName: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'routePages.download' });
  const address = `${window.location.origin}/index`;
  return (
    <section className="download__site" aria-labelledby="download-site">
      <span className="qr" style={{ width: 160, height: 160 }} data-qr-text={address}>
        <img
          className="qr__code"
          src={`/wps/system/qrcode?text=${encodeURIComponent(address)}&size=160&margin=12`}
          width={160}
          height={160}
          alt={t('siteQrAlt', { brand: brandName })}
        />
      </span>
      <div>
        <h2 id="download-site" className="download__site-title">
          {t('siteTitle', { brand: brandName })}
        </h2>
        <p className="download__site-line">{t('siteLine')}</p>
        <p className="download__site-address">{address}</p>
      </div>
    </section>
  );
}

/** /down and /download: this site's QR code, QR codes for iOS, Android and the mobile site with install steps per platform, and the web app install. */
export function DownloadPage({ brandName }: { brandName: string }) {
  const { t } = useTranslation();
  const download = useAppDownload();
  const installState = useInstallState();
  if (download.isPending)
    return (
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    );
  if (download.isError)
    return (
      <EmptyState
        icon="download"
        headingLevel={2}
        title={t('download.loadFailed')}
        line={download.error.message}
      />
    );
  const { apps, qr } = download.data;
  return (
    <div className="download">
      <section className="download__pwa" aria-labelledby="download-pwa">
        <div>
          <h2 id="download-pwa" className="download__pwa-title">
            {t('download.pwaTitle', { brand: brandName })}
          </h2>
          <p className="download__pwa-line">{t('download.pwaLine')}</p>
        </div>
        {installState === 'available' ? (
          <button type="button" className="btn btn-accent" onClick={() => void install()}>
            <Icon name="download" size={18} />
            {t('download.installNow')}
          </button>
        ) : (
          <p className="download__pwa-state" role="status">
            {t(installState === 'installed' ? 'download.installed' : 'download.installFromMenu')}
          </p>
        )}
      </section>
      <SiteQr brandName={brandName} />
      {apps.length === 0 ? (
        <p className="page-status">{t('download.none')}</p>
      ) : (
        <ul className="download__apps">
          {apps.map((app) => {
            const name = t(`download.platform.${app.resourceType}`);
            return (
              <li key={app.resourceType} className="download__card" data-platform={app.resourceType}>
                <h2 className="download__name">
                  <Icon name={platformIcon[app.resourceType]} size={20} />
                  {name}
                </h2>
                <p className="download__label">{app.label}</p>
                <QrCode app={app} qr={qr} label={t('download.qrAlt', { name })} />
                <a
                  className="btn btn-primary download__open"
                  href={app.url}
                  {...(/^https?:/i.test(app.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {t(app.resourceType === 'MOBILE_CONFIG' ? 'download.openSite' : 'download.get')}
                </a>
                <h3 className="download__steps-title">{t('download.howTo')}</h3>
                <InstallSteps type={app.resourceType} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
