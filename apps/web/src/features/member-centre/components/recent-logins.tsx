import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { recentLoginsQuery } from '../api/security-api.ts';

/** The member's ten latest logins: time, address, country when known, how, and the outcome. */
export function RecentLogins() {
  const { t } = useTranslation();
  const language = useLanguage();
  const token = useSessionToken();
  const logins = useQuery({ ...recentLoginsQuery(token ?? ''), enabled: Boolean(token) });
  const locale = localeOf(language);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  const place = (country: string | null) => {
    if (!country) return t('security.unknownPlace');
    try {
      return regions.of(country) ?? country;
    } catch {
      return country;
    }
  };

  return (
    <section className="security__card" aria-labelledby="logins-heading">
      <h3 id="logins-heading" className="security__title">
        {t('security.recentLogins')}
      </h3>
      {logins.isPending ? (
        <p className="security__hint" role="status">
          {t('common.loading')}
        </p>
      ) : logins.isError ? (
        <div className="security__line">
          <FormMessage tone="error">
            {logins.error instanceof ApiError ? logins.error.message : t('errors.network')}
          </FormMessage>
          <button type="button" className="btn btn-secondary" onClick={() => void logins.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : logins.data.length === 0 ? (
        <p className="security__hint">{t('security.noLogins')}</p>
      ) : (
        <ul className="logins" aria-label={t('security.recentLogins')}>
          {logins.data.map((login) => (
            <li key={`${login.at}-${login.ip}`} className="logins__item">
              <div>
                <time className="logins__time" dateTime={login.at}>
                  {time.format(new Date(login.at))}
                </time>
                <p className="logins__where">
                  {login.ip} · {place(login.country)}
                </p>
              </div>
              <div className="logins__how">
                <span>{t(`security.loginMethod.${login.method}`)}</span>
                <span className={`logins__outcome logins__outcome--${login.outcome}`}>
                  {t(`security.loginOutcome.${login.outcome}`)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
