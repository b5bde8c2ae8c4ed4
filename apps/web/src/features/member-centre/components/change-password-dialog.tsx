import { useTranslation } from 'react-i18next';
import { ModalWrapper } from '../../../components/modal-wrapper.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

/**
 * The forced change-password dialog (§4: password 123456, first login, or expired with the module on). Closing it
 * without a new password ends the session: the account cannot be used until the password is changed.
 */
export function ChangePasswordDialog({
  hasPassword,
  onChanged,
  onDismiss,
}: {
  hasPassword: boolean;
  onChanged: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalWrapper open onClose={onDismiss} title={t('security.forcedTitle')} size="small">
      <p className="security__hint">{t('security.forcedLine')}</p>
      <ChangePasswordForm hasPassword={hasPassword} onChanged={onChanged} />
    </ModalWrapper>
  );
}
