import type { ReactNode } from 'react';

/** A message block. Errors are alerts (read out at once); the rest are polite status messages. */
export function Notice({
  tone,
  children,
  action,
}: {
  tone: 'info' | 'success' | 'warning' | 'error';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="notice-text">{children}</div>
      {action ? <div className="notice-action">{action}</div> : null}
    </div>
  );
}
