import './form.css';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Required fields get the ＊ before their placeholder (§5). */
  required?: boolean;
  /** Something beside the input: a captcha image, a send-code button. */
  addon?: ReactNode;
  /** Before the input: the dialling-code picker. */
  prefix?: ReactNode;
  hint?: string;
};

/** A labelled input with its error under it, announced and tied to the input. */
export function FormField({
  label,
  value,
  onChange,
  error,
  required = false,
  addon,
  prefix,
  hint,
  placeholder,
  type = 'text',
  ...rest
}: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="form-field__row">
        {prefix}
        <div className="form-field__control">
          <input
            id={id}
            className="form-field__input"
            type={password && shown ? 'text' : type}
            value={value}
            placeholder={`${required ? '＊' : ''}${placeholder ?? label}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            aria-required={required || undefined}
            onChange={(event) => onChange(event.target.value)}
            {...rest}
          />
          {password ? (
            <button
              type="button"
              className="form-field__reveal"
              aria-label={shown ? t('form.hidePassword') : t('form.showPassword')}
              aria-pressed={shown}
              onClick={() => setShown((v) => !v)}
            >
              <Icon name={shown ? 'eyeOff' : 'eye'} size={18} />
            </button>
          ) : null}
        </div>
        {addon}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type CheckboxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | undefined;
};

export function Checkbox({ checked, onChange, children, error }: CheckboxProps) {
  const id = useId();
  return (
    <div className={`form-check${error ? ' form-check--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{children}</label>
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message: errors are alerts, confirmations are statuses. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <p className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
