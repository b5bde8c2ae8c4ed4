import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { endSession } from '../../../lib/member-session.ts';
import { logout } from '../api/account-api.ts';

/** Logout asks first (§2); then the session ends on the server and here, and the visitor goes to /. */
export function LogoutDialog({ onClose, onLoggedOut }: { onClose: () => void; onLoggedOut: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={t('account.logoutTitle')}
      buttons={[
        { label: t('account.stay'), variant: 'secondary' },
        {
          label: t('account.logout'),
          onClick: () => {
            setBusy(true);
            // The session ends here whatever the server answers: a session the server already ended is gone anyway.
            void logout()
              .catch(() => undefined)
              .finally(() => {
                endSession();
                onLoggedOut();
              });
          },
        },
      ]}
    >
      <p>{t('account.logoutLine')}</p>
    </Dialog>
  );
}

/** §8: a trial member (type 4) using a real-account feature. */
export function NeedTrueAccountDialog({
  onClose,
  message,
  onRegister,
}: {
  onClose: () => void;
  message?: string | undefined;
  onRegister: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('account.needTrueAccountTitle')}
      buttons={[
        { label: t('common.close'), variant: 'secondary' },
        { label: t('account.in_increase_submit'), onClick: onRegister },
      ]}
    >
      <p>{message ?? t('account.in_need_true_account')}</p>
    </Dialog>
  );
}

/** Opening a centre without permission (§6). */
export function NoPermissionDialog({ onClose, centre }: { onClose: () => void; centre: 'member' | 'agent' }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} title={t('account.noPermissionTitle')}>
      <p>{centre === 'agent' ? t('account.error_not_agent') : t('account.noMemberCentre')}</p>
    </Dialog>
  );
}
