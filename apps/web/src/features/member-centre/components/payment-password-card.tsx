import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, FormMessage } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paymentsApi, paymentsKey } from '../../payments/api/payments-api.ts';

type Errors = Partial<Record<'loginPassword' | 'paymentPassword' | 'confirm', string>>;

/** Payment password (securityCenter): set it, or change it later; the login password proves it is the member. */
export function PaymentPasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: paymentsKey('password'), queryFn: paymentsApi.passwordSet });
  const [loginPassword, setLoginPassword] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const isSet = status.data?.isSet ?? false;

  return (
    <section className="security__card" aria-labelledby="payment-password-heading">
      <div className="security__line">
        <h3 id="payment-password-heading" className="security__title">
          {t('security.paymentPassword')}
        </h3>
        {status.data ? (
          <span className={`security__state${isSet ? ' security__state--on' : ''}`}>
            {isSet ? t('security.paymentPasswordOn') : t('security.notSet')}
          </span>
        ) : null}
      </div>
      {status.isPending ? (
        <p className="security__hint" role="status">
          {t('common.loading')}
        </p>
      ) : status.isError ? (
        <div className="security__line">
          <FormMessage tone="error">
            {status.error instanceof ApiError ? status.error.message : t('errors.network')}
          </FormMessage>
          <button type="button" className="btn btn-secondary" onClick={() => void status.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : !hasPassword ? (
        <p className="security__hint">{t('security.paymentPasswordNeedsLogin')}</p>
      ) : (
        <form
          className="form"
          noValidate
          aria-label={isSet ? t('security.changePaymentPassword') : t('security.setPaymentPassword')}
          onSubmit={async (event) => {
            event.preventDefault();
            const found: Errors = {
              loginPassword: loginPassword ? undefined : t('auth.errors.passwordRequired'),
              paymentPassword: /^[0-9]{6}$/.test(paymentPassword)
                ? undefined
                : t('security.paymentPasswordRule'),
              confirm: confirm === paymentPassword ? undefined : t('auth.errors.inconsistentTwice'),
            };
            setErrors(found);
            setMessage(null);
            setSaved(false);
            if (Object.values(found).some(Boolean)) return;
            setBusy(true);
            try {
              await paymentsApi.setPassword({ loginPassword, paymentPassword });
              await queryClient.invalidateQueries({ queryKey: paymentsKey('password') });
              setLoginPassword('');
              setPaymentPassword('');
              setConfirm('');
              setSaved(true);
            } catch (error) {
              if (error instanceof ApiError) {
                if (error.field === 'loginPassword') setErrors({ loginPassword: error.message });
                else if (error.field === 'paymentPassword') setErrors({ paymentPassword: error.message });
                else setMessage(error.message);
              } else setMessage(t('errors.network'));
            } finally {
              setBusy(false);
            }
          }}
        >
          <p className="security__hint">{t('security.paymentPasswordLine')}</p>
          {saved ? <FormMessage tone="success">{t('security.paymentPasswordSaved')}</FormMessage> : null}
          <FormField
            label={t('security.loginPassword')}
            type="password"
            value={loginPassword}
            onChange={setLoginPassword}
            error={errors.loginPassword}
            required
            autoComplete="current-password"
          />
          <FormField
            label={isSet ? t('security.newPaymentPassword') : t('security.paymentPassword')}
            type="password"
            inputMode="numeric"
            value={paymentPassword}
            onChange={setPaymentPassword}
            error={errors.paymentPassword}
            required
            maxLength={6}
            autoComplete="new-password"
          />
          <FormField
            label={t('security.confirmPaymentPassword')}
            type="password"
            inputMode="numeric"
            value={confirm}
            onChange={setConfirm}
            error={errors.confirm}
            required
            maxLength={6}
            autoComplete="new-password"
          />
          {message ? <FormMessage tone="error">{message}</FormMessage> : null}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {isSet ? t('security.changePaymentPassword') : t('security.setPaymentPassword')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
