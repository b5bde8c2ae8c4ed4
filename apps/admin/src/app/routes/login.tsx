import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguagePicker } from '../../components/language-picker.tsx';
import { Notice } from '../../components/notice.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { paths } from '../../config/paths.ts';
import { useSessionToken } from '../../features/auth/api/get-me.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { takeEndReason } from '../../lib/session.ts';

/** Where to go after signing in: a path inside the back office, never another site. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login')
    ? next
    : paths.settings.href();
}

export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = useSessionToken();
  const [endReason] = useState(takeEndReason);
  const next = safeNext(search.get('next'));

  if (token !== null) return <Navigate to={next} replace />;
  return (
    <div className="login-page">
      <div className="login-tools">
        <LanguagePicker />
        <ThemeToggle />
      </div>
      <main className="login-card card">
        <div className="login-brand">
          <span className="logo logo-large" aria-hidden="true">
            T
          </span>
          <p className="login-app-name">{t('app.name')}</p>
        </div>
        <h1>{t('login.title')}</h1>
        <p className="muted">{t('login.intro')}</p>
        {endReason === 'expired' ? <Notice tone="warning">{t('login.sessionEnded')}</Notice> : null}
        {endReason === 'logout' ? <Notice tone="info">{t('login.loggedOut')}</Notice> : null}
        <LoginForm onSignedIn={() => navigate(next, { replace: true })} />
      </main>
    </div>
  );
}
