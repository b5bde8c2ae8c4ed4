import { type ReactNode, useId } from 'react';

/** One card of the settings page, a named region with its heading and a line of help. */
export function Section({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card section" aria-labelledby={id}>
      <header className="section-header">
        <h2 id={id}>{title}</h2>
        <p className="muted">{help}</p>
      </header>
      <div className="section-body">{children}</div>
    </section>
  );
}
