import { cloneElement, type ReactElement, useId } from 'react';

type ControlProps = {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/**
 * A labelled form control with optional help and error text, wired for assistive technology: the label names
 * the control, and help and error describe it.
 */
export function Field({
  label,
  help,
  error,
  children,
  className,
}: {
  label: string;
  help?: string | undefined;
  error?: string | undefined;
  children: ReactElement<ControlProps>;
  className?: string;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {help ? (
        <p className="field-help" id={helpId}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** The error paragraph of a group of controls (fieldset), referenced by the group's aria-describedby. */
export function GroupError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field-error" id={id}>
      {error}
    </p>
  );
}

/** A Field around a one-line text input, the common case: the same label, help and error wiring. */
export function InputField({
  label,
  help,
  error,
  inputMode,
  maxLength,
  value,
  onChange,
}: {
  label: string;
  help?: string | undefined;
  error?: string | undefined;
  inputMode?: 'decimal' | 'numeric';
  maxLength?: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} help={help} error={error}>
      <input
        className="input"
        inputMode={inputMode}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
