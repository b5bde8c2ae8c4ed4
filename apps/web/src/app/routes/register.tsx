import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { HomePage } from '../../features/home/components/home-page.tsx';
import { useCountryCode } from '../../features/system/api/get-country-code.ts';
import { useSessionToken } from '../../lib/session.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSiteStatus } from '../use-site-status.ts';

const RegisterDialog = lazy(() =>
  import('../../features/auth/components/auth-dialogs.tsx').then((m) => ({ default: m.RegisterDialog })),
);

/** /register and /register.html: home with the registration dialog over it; closing it leaves the home page. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const whitelabel = useSiteStatus().info.whitelabel;
  const token = useSessionToken();
  const country = useCountryCode();
  useDocumentTitle(t('pages.register.title'));
  return (
    <div className="page">
      <HomePage />
      {token ? null : (
        <Suspense fallback={null}>
          <RegisterDialog
            onClose={() => navigate(`${paths.home}${window.location.search}`, { replace: true })}
            onRegistered={() => navigate('/', { replace: true })}
            brand={{ brandName: whitelabel.brandName, logoUrl: whitelabel.logoUrl }}
            visitorDialingCode={country.data?.countryDialingCode}
          />
        </Suspense>
      )}
    </div>
  );
}
