import { TRIAL_TYPE } from '@tala/contracts/member-types';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { avatarQuery, countsQuery, memberInfoQuery } from '../../features/account/api/account-api.ts';
import { isAgentType } from '../../features/account/components/account-bar.tsx';
import { BannerCarousel } from '../../features/banners/components/banner-carousel.tsx';
import { isMemberCentrePage } from '../../features/member-centre/lib/pages.ts';
import { useCountryCode } from '../../features/system/api/get-country-code.ts';
import { onApiError } from '../../lib/api-client.ts';
import { loadDeferredTexts } from '../../lib/i18n.ts';
import { endSession } from '../../lib/member-session.ts';
import {
  closeOverlay,
  closeOverlayIf,
  dismissToast,
  openOverlay,
  useOverlay,
  useToast,
} from '../../lib/overlays.ts';
import { useSessionToken } from '../../lib/session.ts';
import { readStorage } from '../../lib/storage.ts';
import { useSiteStatus } from '../use-site-status.ts';

const authDialogs = () => import('../../features/auth/components/auth-dialogs.tsx');
const LoginDialog = lazy(() => authDialogs().then((m) => ({ default: m.LoginDialog })));
const RegisterDialog = lazy(() => authDialogs().then((m) => ({ default: m.RegisterDialog })));
const ForgotPasswordDialog = lazy(() => authDialogs().then((m) => ({ default: m.ForgotPasswordDialog })));
const ResetPasswordDialog = lazy(() => authDialogs().then((m) => ({ default: m.ResetPasswordDialog })));
const accountDialogs = () => import('../../features/account/components/account-dialogs.tsx');
const LogoutDialog = lazy(() => accountDialogs().then((m) => ({ default: m.LogoutDialog })));
const NeedTrueAccountDialog = lazy(() =>
  accountDialogs().then((m) => ({ default: m.NeedTrueAccountDialog })),
);
const NoPermissionDialog = lazy(() => accountDialogs().then((m) => ({ default: m.NoPermissionDialog })));
const MemberCentre = lazy(() =>
  import('../../features/member-centre/components/member-centre.tsx').then((m) => ({
    default: m.MemberCentre,
  })),
);
const ChangePasswordDialog = lazy(() =>
  import('../../features/member-centre/components/change-password-dialog.tsx').then((m) => ({
    default: m.ChangePasswordDialog,
  })),
);
const AgentCentre = lazy(() =>
  Promise.all([import('../../features/agent-centre/components/agent-centre.tsx'), loadDeferredTexts()]).then(
    ([m]) => ({ default: m.AgentCentre }),
  ),
);

/**
 * The account overlays of the whole site: login, registration, passwords, the centres and the warnings. It also
 * ends the session when the server says so (login.not.session, an expired session) and opens the login popup with
 * the server's message, and shows the need-true-account warning (§8).
 */
export function AccountOverlays() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const overlay = useOverlay();
  const toast = useToast();
  const token = useSessionToken();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const country = useCountryCode();
  const info = useQuery({ ...memberInfoQuery(token ?? ''), enabled: Boolean(token) });
  const centreOpen = overlay?.kind === 'memberCentre' || overlay?.kind === 'agentCentre';
  const avatar = useQuery({ ...avatarQuery(token ?? ''), enabled: Boolean(token) && centreOpen });
  const counts = useQuery({
    ...countsQuery(token ?? ''),
    enabled: Boolean(token) && overlay?.kind === 'memberCentre',
  });

  useEffect(
    () =>
      onApiError((error, hadToken) => {
        if (hadToken && (error.errorCode === 'login.not.session' || error.errorCode === 'not_logged_in')) {
          endSession();
          openOverlay({ kind: 'login', notice: error.message });
        } else if (error.errorCode === 'in_need_true_account') {
          openOverlay({ kind: 'needTrueAccount', message: error.message });
        }
      }),
    [],
  );

  // The e-mailed reset link opens /index?resetToken=…: the new-password dialog, and the token leaves the address.
  const resetToken = search.get('resetToken');
  useEffect(() => {
    if (!resetToken) return;
    openOverlay({ kind: 'resetPassword', token: resetToken });
    const rest = new URLSearchParams(search);
    rest.delete('resetToken');
    setSearch(rest, { replace: true });
  }, [resetToken, search, setSearch]);

  // A link to a centre's page (/index?memberCentre=withdraw, ?agentCentre=agentTeamOverview, from a message or a
  // bookmark) opens it there; the permission check below answers anyone it is not for.
  const centrePage = search.get('memberCentre') ?? undefined;
  const agentPage = search.get('agentCentre') ?? undefined;
  useEffect(() => {
    if (centrePage === undefined && agentPage === undefined) return;
    if (isMemberCentrePage(centrePage)) openOverlay({ kind: 'memberCentre', page: centrePage });
    else if (agentPage !== undefined) openOverlay({ kind: 'agentCentre', page: agentPage });
    const rest = new URLSearchParams(search);
    rest.delete('memberCentre');
    rest.delete('agentCentre');
    setSearch(rest, { replace: true });
  }, [centrePage, agentPage, search, setSearch]);

  // A reload does not skip the forced password change.
  useEffect(() => {
    if (token && !overlay && readStorage('session', 'cpw') === '1')
      openOverlay({ kind: 'changePassword', forced: true });
  }, [token, overlay]);

  // The toast goes by itself.
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(dismissToast, 6000);
    return () => window.clearTimeout(timer);
  }, [toast]);

  // A centre opened without permission shows the warning instead (§6).
  useEffect(() => {
    if (!centreOpen) return;
    if (!token) openOverlay({ kind: 'login' });
    else if (info.data && overlay?.kind === 'memberCentre' && info.data.type === TRIAL_TYPE)
      openOverlay({ kind: 'needTrueAccount' });
    else if (info.data && overlay?.kind === 'agentCentre' && !isAgentType(info.data.type))
      openOverlay({ kind: 'noPermission', centre: 'agent' });
  }, [centreOpen, token, info.data, overlay?.kind]);

  const brand = { brandName: status.info.whitelabel.brandName, logoUrl: status.info.whitelabel.logoUrl };
  const dialing = country.data?.countryDialingCode;
  const home = () => navigate('/', { replace: false });

  let content: React.ReactNode = null;
  switch (overlay?.kind) {
    case 'login':
      content = (
        <LoginDialog
          onClose={closeOverlay}
          notice={overlay.notice}
          brand={brand}
          banner={<BannerCarousel group="w_login" variant="dialog" />}
          options={{
            loginByCode: status.register.loginByCode,
            freePlay: status.register.freePlay,
            visitorDialingCode: dialing,
          }}
        />
      );
      break;
    case 'register':
      content = (
        <RegisterDialog
          onClose={closeOverlay}
          onRegistered={home}
          brand={brand}
          banner={<BannerCarousel group="w_register" variant="dialog" />}
          visitorDialingCode={dialing}
        />
      );
      break;
    case 'forgot':
      content = (
        <ForgotPasswordDialog
          onClose={closeOverlay}
          byPhone={status.register.forgotPasswordByPhone}
          visitorDialingCode={dialing}
        />
      );
      break;
    case 'resetPassword':
      content = <ResetPasswordDialog onClose={closeOverlay} token={overlay.token} />;
      break;
    case 'changePassword':
      content = token ? (
        <ChangePasswordDialog
          hasPassword={info.data?.hasPassword ?? true}
          onChanged={() => {
            closeOverlay();
            home();
          }}
          onDismiss={() => {
            closeOverlay();
            if (overlay.forced) openOverlay({ kind: 'logout' });
          }}
        />
      ) : null;
      break;
    case 'logout':
      content = token ? (
        <LogoutDialog
          onClose={() => closeOverlayIf('logout')}
          onLoggedOut={() => {
            closeOverlay();
            home();
          }}
        />
      ) : null;
      break;
    case 'needTrueAccount':
      content = (
        <NeedTrueAccountDialog
          onClose={() => closeOverlayIf('needTrueAccount')}
          message={overlay.message}
          onRegister={() => {
            endSession();
            openOverlay({ kind: 'register' });
          }}
        />
      );
      break;
    case 'noPermission':
      content = <NoPermissionDialog onClose={closeOverlay} centre={overlay.centre} />;
      break;
    case 'memberCentre':
      content =
        token && info.data?.type !== TRIAL_TYPE ? (
          <MemberCentre
            info={info.data && avatar.isFetched ? info.data : null}
            avatar={avatar.data?.avatar ?? null}
            counts={counts.data ?? { message: 0, mission: 0, reward: 0 }}
            page={isMemberCentrePage(overlay.page) ? overlay.page : 'securityCenter'}
            onPage={(page) => openOverlay({ kind: 'memberCentre', page })}
            onClose={closeOverlay}
          />
        ) : null;
      break;
    case 'agentCentre':
      content =
        token && (info.data === undefined || isAgentType(info.data.type)) ? (
          <AgentCentre
            username={info.data?.account ?? null}
            initialPage={overlay.page}
            onClose={closeOverlay}
          />
        ) : null;
      break;
    default:
      content = null;
  }

  return (
    <>
      <Suspense fallback={null}>{content}</Suspense>
      {toast ? (
        <div className="toast" role="status">
          <span>{toast.text}</span>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={dismissToast}>
            ×
          </button>
        </div>
      ) : null}
    </>
  );
}
