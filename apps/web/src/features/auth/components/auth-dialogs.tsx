import type { LoginValue } from '@tala/contracts/members';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-field.tsx';
import { ModalWrapper } from '../../../components/modal-wrapper.tsx';
import { ForgotPasswordForm, ResetPasswordForm } from './forgot-password-form.tsx';
import { LoginForm, type LoginOptions } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

type Brand = { brandName: string; logoUrl: string };

function BrandMark({ brandName, logoUrl }: Brand) {
  return (
    <div className="auth-brand">
      <img src={logoUrl} alt={brandName} height={44} />
    </div>
  );
}

/** The login popup (§2 modals): opened by the header, a protected action or an ended session. */
export function LoginDialog({
  onClose,
  notice,
  options,
  brand,
  onLoggedIn,
  banner,
}: {
  onClose: () => void;
  notice?: string | undefined;
  options: LoginOptions;
  brand: Brand;
  onLoggedIn?: (value: LoginValue) => void;
  /** The w_login banners (§2), composed by the app layer. */
  banner?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ModalWrapper open onClose={onClose} title={t('common.login')} size="small">
      {banner}
      <BrandMark {...brand} />
      {notice ? (
        <div className="auth-notice">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      ) : null}
      <LoginForm options={options} {...(onLoggedIn ? { onLoggedIn } : {})} />
    </ModalWrapper>
  );
}

/** The registration dialog: by /register, /register.html or the header's button. */
export function RegisterDialog({
  onClose,
  onRegistered,
  brand,
  visitorDialingCode,
  banner,
}: {
  onClose: () => void;
  onRegistered: () => void;
  brand: Brand;
  visitorDialingCode?: string | null | undefined;
  /** The w_register banners (§2), composed by the app layer. */
  banner?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ModalWrapper open onClose={onClose} title={t('pages.register.title')} size="medium">
      {banner}
      <BrandMark {...brand} />
      <RegisterForm visitorDialingCode={visitorDialingCode} onRegistered={onRegistered} />
    </ModalWrapper>
  );
}

export function ForgotPasswordDialog({
  onClose,
  byPhone,
  visitorDialingCode,
}: {
  onClose: () => void;
  byPhone: boolean;
  visitorDialingCode?: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ModalWrapper open onClose={onClose} title={t('auth.forgot.title')} size="small">
      <ForgotPasswordForm byPhone={byPhone} visitorDialingCode={visitorDialingCode} />
    </ModalWrapper>
  );
}

export function ResetPasswordDialog({ onClose, token }: { onClose: () => void; token: string }) {
  const { t } = useTranslation();
  return (
    <ModalWrapper open onClose={onClose} title={t('auth.reset.title')} size="small">
      <ResetPasswordForm token={token} />
    </ModalWrapper>
  );
}
