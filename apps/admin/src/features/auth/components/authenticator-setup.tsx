import type { TotpEnrolment } from '@tala/contracts/totp';
import { useTranslation } from 'react-i18next';

/** The QR image an authenticator app scans, and the key to type in when scanning is not possible. */
export function AuthenticatorSetup({ enrolment }: { enrolment: TotpEnrolment }) {
  const { t } = useTranslation();
  const key = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="authenticator-setup">
      <ol className="steps">
        <li>{t('secondFactor.stepInstall')}</li>
        <li>{t('secondFactor.stepScan')}</li>
        <li>{t('secondFactor.stepCode')}</li>
      </ol>
      <img className="qr" src={enrolment.qr} width={184} height={184} alt={t('secondFactor.qrAlt')} />
      <p className="muted">
        {t('secondFactor.keyLabel')} <code className="secret-key">{key}</code>
      </p>
    </div>
  );
}

/** Recovery codes, shown once: each signs in once in place of the app's code. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p>{t('secondFactor.recoveryIntro')}</p>
      <ul className="recovery-codes" aria-label={t('secondFactor.recoveryTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
