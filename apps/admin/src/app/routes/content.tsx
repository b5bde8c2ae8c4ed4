import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import { Banners } from '../../features/content/components/banners.tsx';
import { ChannelsEditor } from '../../features/content/components/channels.tsx';
import { ContentSettingsEditor } from '../../features/content/components/content-settings.tsx';
import { HelpCentre } from '../../features/content/components/help.tsx';
import { Announcements, Notices } from '../../features/content/components/notices.tsx';
import { Partners } from '../../features/content/components/partners.tsx';
import { can } from '../../lib/roles.ts';
import type { ShellContext } from '../layout/shell.tsx';

const tabs = ['banners', 'notices', 'announcements', 'help', 'footer', 'channels', 'support'] as const;
type Tab = (typeof tabs)[number];

function TabBody({ tab, merchantCode }: { tab: Tab; merchantCode: string }) {
  switch (tab) {
    case 'banners':
      return <Banners merchantCode={merchantCode} />;
    case 'notices':
      return <Notices merchantCode={merchantCode} />;
    case 'announcements':
      return <Announcements merchantCode={merchantCode} />;
    case 'help':
      return <HelpCentre merchantCode={merchantCode} />;
    case 'footer':
      return (
        <>
          <Partners merchantCode={merchantCode} />
          <ContentSettingsEditor merchantCode={merchantCode} part="footer" />
        </>
      );
    case 'channels':
      return <ChannelsEditor merchantCode={merchantCode} />;
    case 'support':
      return <ContentSettingsEditor merchantCode={merchantCode} part="support" />;
  }
}

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const { merchantCode, tab } = useParams();
  const current = tabs.find((candidate) => candidate === tab);
  if (merchantCode && tab !== undefined && !current)
    return <Navigate to={paths.content.href(merchantCode, 'banners')} replace />;
  return (
    <div className="stack">
      <h1>{t('content.title')}</h1>
      <p className="muted">{t('content.intro')}</p>
      {can.editContent(operator.role) ? (
        <MerchantScope
          merchantCode={merchantCode}
          href={(code) => paths.content.href(code, current ?? 'banners')}
        >
          {(code) => (
            <>
              <nav className="tabs" aria-label={t('content.sections')}>
                {tabs.map((name) => (
                  <NavLink key={name} className="tab" to={paths.content.href(code, name)}>
                    {t(`content.tabs.${name}`)}
                  </NavLink>
                ))}
              </nav>
              <TabBody
                key={`${code}-${current ?? 'banners'}`}
                tab={current ?? 'banners'}
                merchantCode={code}
              />
            </>
          )}
        </MerchantScope>
      ) : (
        <Forbidden />
      )}
    </div>
  );
}
