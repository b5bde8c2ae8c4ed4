import { useId } from 'react';

/** An on/off control: a checkbox with the switch role, its label and an optional help line. */
export function Switch({
  label,
  help,
  checked,
  onChange,
  error,
}: {
  label: string;
  help?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return (
    <div className={`switch-row${error ? ' field-invalid' : ''}`}>
      <div className="switch-text">
        <label htmlFor={id} className="switch-label">
          {label}
        </label>
        {help ? (
          <p className="field-help" id={`${id}-help`}>
            {help}
          </p>
        ) : null}
        {error ? (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        aria-checked={checked}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
