import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type ColumnHead, DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';

/*
 * The pieces of the in-house games' round histories (live rounds, card hands, fish waves): a paged list under
 * filters, a row's details on request, and the seeds that let anyone verify a round. Each screen keeps its own
 * columns, filters and facts.
 */

/**
 * A list's filter as the form shows it (`draft`) and as the list reads it (`filter`). Typed fields wait for
 * Search; a choice from a list or another page applies at once (`apply`), and both then agree.
 */
export function useListFilter<F extends { pageNo: number }>(initial: F) {
  const [draft, setDraft] = useState(initial);
  const [filter, setFilter] = useState(draft);
  const apply = (next: F) => {
    setDraft(next);
    setFilter(next);
  };
  return { draft, setDraft, filter, apply };
}

export type CodeChoice = { code: string; label: string };

/**
 * The tables a history can be filtered by. An operator who may read the tables' settings gets every table, named;
 * one who may not (support) gets the tables of the rounds on the page, and the one already chosen.
 */
export function tableChoices(
  tables: readonly { code: string; name: string }[] | null,
  seen: readonly string[],
  chosen: string,
): CodeChoice[] {
  return tables
    ? tables.map((table) => ({ code: table.code, label: `${table.code} · ${table.name}` }))
    : [...new Set([...seen, chosen].filter(Boolean))].sort().map((code) => ({ code, label: code }));
}

/** A filter's drop-down: "any" (the empty code) first, then the choices; a choice applies at once. */
export function CodeSelect({
  label,
  any,
  value,
  choices,
  onChange,
}: {
  label: string;
  any: string;
  value: string;
  choices: readonly CodeChoice[];
  onChange: (code: string) => void;
}) {
  return (
    <Field label={label}>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        {choices.map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type Paged<T> = { list: T[]; pageNo: number; totalPages: number; total: number };

/**
 * A page of a history: the load error, the table (dimmed while the next page loads, "loading" until the first one
 * comes) and the pager.
 */
export function HistoryTable<T>({
  query,
  caption,
  loading,
  empty,
  columns,
  row,
  onPage,
}: {
  query: UseQueryResult<Paged<T>>;
  caption: string;
  loading: string;
  empty: string;
  columns: readonly ColumnHead[];
  row: (item: T) => ReactNode;
  onPage: (pageNo: number) => void;
}) {
  const page = query.data;
  return (
    <>
      {query.isError ? <Notice tone="error">{query.error.message}</Notice> : null}
      <DataTable
        caption={caption}
        busy={query.isFetching && query.isPlaceholderData}
        empty={query.isPending ? loading : empty}
        columns={columns}
        rows={page?.list ?? []}
        row={row}
      />
      {page ? (
        <Pager pageNo={page.pageNo} totalPages={page.totalPages} total={page.total} onPage={onPage} />
      ) : null}
    </>
  );
}

/** A row's button that opens its details below the list, named for the row it opens. */
export function DetailsButton({
  label,
  text,
  onClick,
}: {
  label: string;
  text: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className="button" aria-label={label} onClick={onClick}>
      {text}
    </button>
  );
}

/** One round's details under the list: loading, its error with a retry, or its title and content; and Close. */
export function RoundDetailCard<T>({
  query,
  headingId,
  heading,
  close,
  onClose,
  children,
}: {
  query: UseQueryResult<T>;
  headingId: string;
  heading: (data: T) => string;
  close: string;
  onClose: () => void;
  children: (data: T) => ReactNode;
}) {
  return (
    <section className="card stack" aria-labelledby={headingId}>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <h3 id={headingId}>{heading(query.data)}</h3>
          {children(query.data)}
        </>
      ) : null}
      <div className="filters-actions">
        <button type="button" className="button" onClick={onClose}>
          {close}
        </button>
      </div>
    </section>
  );
}

/**
 * The seeds of a round: the hash published before it and the seed itself, which the server gives only once the
 * round is over (until then the card says it is hidden).
 */
export function SeedFacts({
  hashLabel,
  seedLabel,
  hiddenText,
  hash,
  seed,
}: {
  hashLabel: string;
  seedLabel: string;
  hiddenText: string;
  hash: string;
  seed: string | null;
}) {
  return (
    <dl className="facts facts-single">
      <div>
        <dt>{hashLabel}</dt>
        <dd className="secret-key">{hash}</dd>
      </div>
      <div>
        <dt>{seedLabel}</dt>
        {seed ? <dd className="secret-key">{seed}</dd> : <dd className="muted">{hiddenText}</dd>}
      </div>
    </dl>
  );
}
