import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { Switch } from '../../../components/switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { QueryView } from './games-shared.tsx';

/*
 * The settings pages of the in-house games (live tables and bingo rooms, card tables, fish rooms): a card per
 * table with its state, a summary of what players see, the maintenance switch, the game's own fields and Save.
 */

/** The page: its title and intro, then a card per table, or a line saying there is none. */
export function SettingsList<V, T>({
  id,
  title,
  intro,
  empty,
  query,
  items,
  card,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  empty: string;
  query: UseQueryResult<V>;
  items: (value: V) => T[];
  card: (item: T) => ReactNode;
  /** What follows the cards (a form for a new table). */
  children?: ReactNode;
}) {
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="muted">{intro}</p>
      <QueryView query={query}>
        {(value) =>
          items(value).length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <div className="stack">{items(value).map(card)}</div>
          )
        }
      </QueryView>
      {children}
    </section>
  );
}

/**
 * A field's error: the form's own check first (`invalid` names the field it refused, `message` words it), else the
 * server's refusal when it names this field.
 */
export function fieldErrors<F extends string>(
  error: Error | null,
  invalid: F | null,
  message: (field: F) => string,
): (field: F) => string | undefined {
  const serverField = error instanceof ApiError ? error.field : undefined;
  return (field) =>
    invalid === field ? message(field) : serverField === field ? (error?.message ?? undefined) : undefined;
}

/**
 * One table's settings form: its name and code with the state it is saved in, the summary, the maintenance switch
 * (for those who may manage), the game's fields (children), Save and the outcome.
 */
export function SettingsCard({
  headingId,
  name,
  code,
  savedInMaintenance,
  texts,
  summary,
  note,
  maintenance,
  onMaintenance,
  canManage,
  save,
  onSubmit,
  children,
}: {
  headingId: string;
  name: string;
  code: string;
  savedInMaintenance: boolean;
  texts: {
    underMaintenance: string;
    running: string;
    maintenance: string;
    maintenanceHelp: string;
    save: string;
    saved: string;
  };
  summary: string;
  /** A line under the summary (a hand being played). */
  note?: ReactNode;
  maintenance: boolean;
  onMaintenance: (on: boolean) => void;
  canManage: boolean;
  save: { isPending: boolean; isSuccess: boolean; error: Error | null };
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="card stack" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <div className="title-row">
        <h3 id={headingId}>{`${name} (${code})`}</h3>
        <span className={`badge ${savedInMaintenance ? 'badge-off' : 'badge-on'}`}>
          {savedInMaintenance ? texts.underMaintenance : texts.running}
        </span>
      </div>
      <p className="muted">{summary}</p>
      {note}
      <fieldset className="plain" disabled={!canManage}>
        <Switch
          label={texts.maintenance}
          help={texts.maintenanceHelp}
          checked={maintenance}
          onChange={onMaintenance}
        />
      </fieldset>
      {children}
      {canManage ? (
        <div className="filters-actions">
          <button className="button button-primary" type="submit" disabled={save.isPending}>
            {texts.save}
          </button>
        </div>
      ) : null}
      {save.isSuccess ? <Notice tone="success">{texts.saved}</Notice> : null}
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
    </form>
  );
}
