import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fundsQuery } from '../../../lib/funds.ts';
import type { Currency } from '../../../lib/money.ts';

/** The merchant's currency, read from the member's funds (symbol, decimals of the minor unit, decimals shown). */
export function useCurrency(): Currency | undefined {
  const funds = useQuery(fundsQuery());
  return funds.data;
}

/** The payment password that every money request of the member asks for. */
export function PaymentPasswordField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  return (
    <FormField
      label={t('paymentPassword')}
      type="password"
      value={value}
      onChange={onChange}
      required
      autoComplete="off"
    />
  );
}

export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
  return (
    <p className="form-message form-message--error" role="alert">
      {message}
    </p>
  );
}

export function SuccessMessage({ children }: { children: ReactNode }) {
  return (
    <p className="form-message form-message--success" role="status">
      {children}
    </p>
  );
}

/** A labelled native select. */
export function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label className="form-field__label">
        {label}
        <select
          className="form-field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </select>
      </label>
    </div>
  );
}

/** Previous and next for the member's lists. */
export function Paging({
  pageNo,
  totalPages,
  onPage,
}: {
  pageNo: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  if (totalPages <= 1) return null;
  return (
    <nav className="payments-paging" aria-label={t('pageOf', { page: pageNo, pages: totalPages })}>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        {t('previous')}
      </button>
      <span>{t('pageOf', { page: pageNo, pages: totalPages })}</span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('next')}
      </button>
    </nav>
  );
}

export function Loading() {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  return (
    <p className="centre__loading" role="status">
      {t('loading')}
    </p>
  );
}
