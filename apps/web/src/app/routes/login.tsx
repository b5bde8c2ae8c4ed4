import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useCountryCode } from '../../features/system/api/get-country-code.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSiteStatus } from '../use-site-status.ts';

/** /login: where the login-required rule sends guests; after the login, back to the page asked for (or home). */
export function Component() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const whitelabel = status.info.whitelabel;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const country = useCountryCode();
  useDocumentTitle(t('pages.login.title'));
  const from = search.get('from');
  const target = from?.startsWith('/') && !from.startsWith('//') ? from : paths.home;
  return (
    <div className="page page--auth">
      <div className="auth-card">
        <img className="auth-card__logo" src={whitelabel.logoUrl} alt={whitelabel.brandName} height={48} />
        <h1 className="auth-card__title">{t('pages.login.title')}</h1>
        <p className="auth-card__line">{t('pages.login.line', { brand: whitelabel.brandName })}</p>
        <LoginForm
          options={{
            loginByCode: status.register.loginByCode,
            freePlay: status.register.freePlay,
            visitorDialingCode: country.data?.countryDialingCode,
          }}
          onLoggedIn={(value) => {
            if (value.token && !value.cpw) navigate(target, { replace: true });
          }}
        />
      </div>
    </div>
  );
}
