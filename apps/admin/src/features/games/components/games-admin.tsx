import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import {
  type BetsFilter,
  type CatalogueSwitches,
  useBets,
  useCredentials,
  useGames,
  useLines,
  useReport,
  useSaveCredentials,
  useSaveSwitches,
  type VendorCredentials,
} from '../api/games-admin.ts';

/** Minor units with two decimals (the demo merchants' peso); negative amounts keep their sign. */
function money(minor: number) {
  return (minor / 100).toLocaleString(currentLocale(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

function today(offset = 0) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The four switches of a line or game, saved at once on change. */
function SwitchCells({
  name,
  values,
  disabled,
  onSave,
}: {
  name: string;
  values: CatalogueSwitches;
  disabled: boolean;
  onSave: (values: CatalogueSwitches) => void;
}) {
  const { t } = useTranslation();
  const [order, setOrder] = useState(String(values.sortOrder));
  // Only the four switches go to the server (a line or game row carries more).
  const current: CatalogueSwitches = {
    enabled: values.enabled,
    isHot: values.isHot,
    maintenance: values.maintenance,
    sortOrder: values.sortOrder,
  };
  const flag = (key: 'enabled' | 'isHot' | 'maintenance') => (
    <td>
      <input
        type="checkbox"
        role="switch"
        aria-checked={values[key]}
        aria-label={t(`gamesAdmin.switch.${key}`, { name })}
        checked={values[key]}
        disabled={disabled}
        onChange={(event) => onSave({ ...current, [key]: event.target.checked })}
      />
    </td>
  );
  return (
    <>
      {flag('enabled')}
      {flag('isHot')}
      {flag('maintenance')}
      <td>
        <input
          className="input input-narrow"
          type="number"
          step={1}
          aria-label={t('gamesAdmin.switch.sortOrder', { name })}
          value={order}
          disabled={disabled}
          onChange={(event) => setOrder(event.target.value)}
          onBlur={() => {
            const next = Number(order);
            if (Number.isInteger(next) && next !== values.sortOrder) onSave({ ...current, sortOrder: next });
            else setOrder(String(values.sortOrder));
          }}
        />
      </td>
    </>
  );
}

function SwitchHeads() {
  const { t } = useTranslation();
  return (
    <>
      <th scope="col">{t('gamesAdmin.enabled')}</th>
      <th scope="col">{t('gamesAdmin.hot')}</th>
      <th scope="col">{t('gamesAdmin.maintenance')}</th>
      <th scope="col">{t('gamesAdmin.order')}</th>
    </>
  );
}

/** Vendor lines and games of one merchant with their switches (enable, hot, maintenance, order). */
export function CatalogueAdmin({ merchant }: { merchant: string }) {
  const { t } = useTranslation();
  const lines = useLines(merchant);
  const saveLine = useSaveSwitches('lines');
  const saveGame = useSaveSwitches('games');
  const [filter, setFilter] = useState({ vassalage: '', name: '', pageNo: 1 });
  const [name, setName] = useState('');
  const games = useGames(merchant, filter);
  const error = saveLine.error ?? saveGame.error;

  function search(event: FormEvent) {
    event.preventDefault();
    setFilter((f) => ({ ...f, name, pageNo: 1 }));
  }

  return (
    <div className="stack">
      {error ? <Notice tone="error">{error.message}</Notice> : null}
      <section className="card stack" aria-labelledby="lines-title">
        <h2 id="lines-title">{t('gamesAdmin.lines')}</h2>
        <p className="muted">{t('gamesAdmin.linesIntro')}</p>
        {lines.isPending ? (
          <Loading />
        ) : lines.isError ? (
          <LoadError error={lines.error} onRetry={() => void lines.refetch()} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('gamesAdmin.vendor')}</th>
                  <th scope="col">{t('gamesAdmin.product')}</th>
                  <th scope="col">{t('gamesAdmin.games')}</th>
                  <SwitchHeads />
                </tr>
              </thead>
              <tbody>
                {lines.data.map((line) => (
                  <tr key={line.nodeId}>
                    <th scope="row">
                      {line.vendorName}
                      <span className="muted"> · {line.vassalage}</span>
                    </th>
                    <td>{line.gameType}</td>
                    <td>
                      <button
                        type="button"
                        className="button button-ghost"
                        onClick={() => setFilter({ vassalage: line.vassalage, name: '', pageNo: 1 })}
                      >
                        {t('gamesAdmin.showGames', { count: line.games })}
                      </button>
                    </td>
                    <SwitchCells
                      key={`${line.nodeId}-${line.sortOrder}`}
                      name={line.vassalage}
                      values={line}
                      disabled={saveLine.isPending}
                      onSave={(values) => saveLine.mutate({ merchant, nodeId: line.nodeId, values })}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card stack" aria-labelledby="games-title">
        <h2 id="games-title">
          {filter.vassalage ? t('gamesAdmin.gamesOf', { line: filter.vassalage }) : t('gamesAdmin.allGames')}
        </h2>
        <form className="filters" onSubmit={search}>
          <Field label={t('gamesAdmin.gameName')}>
            <input className="input" type="search" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <div className="filters-actions">
            <button type="submit" className="button button-primary">
              {t('gamesAdmin.search')}
            </button>
            {filter.vassalage ? (
              <button
                type="button"
                className="button"
                onClick={() => setFilter((f) => ({ ...f, vassalage: '', pageNo: 1 }))}
              >
                {t('gamesAdmin.allLines')}
              </button>
            ) : null}
          </div>
        </form>
        {games.isPending ? (
          <Loading />
        ) : games.isError ? (
          <LoadError error={games.error} onRetry={() => void games.refetch()} />
        ) : (
          <>
            <div className="table-wrap">
              <table className="table" aria-busy={games.isFetching}>
                <thead>
                  <tr>
                    <th scope="col">{t('gamesAdmin.game')}</th>
                    <th scope="col">{t('gamesAdmin.vendor')}</th>
                    <th scope="col">{t('gamesAdmin.minBet')}</th>
                    <SwitchHeads />
                  </tr>
                </thead>
                <tbody>
                  {games.data.list.map((game) => (
                    <tr key={game.nodeId}>
                      <th scope="row">
                        {game.name}
                        <span className="muted"> · {game.gameCode}</span>
                        {!game.lineEnabled || game.lineMaintenance ? (
                          <span className="badge">{t('gamesAdmin.lineOff')}</span>
                        ) : null}
                      </th>
                      <td>{game.vendor}</td>
                      <td>{money(game.minBet)}</td>
                      <SwitchCells
                        key={`${game.nodeId}-${game.sortOrder}`}
                        name={game.name}
                        values={game}
                        disabled={saveGame.isPending}
                        onSave={(values) => saveGame.mutate({ merchant, nodeId: game.nodeId, values })}
                      />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              pageNo={games.data.pageNo}
              totalPages={games.data.totalPages}
              total={games.data.total}
              onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
            />
          </>
        )}
      </section>
    </div>
  );
}

function CredentialsRow({
  vendor,
  onSecret,
}: {
  vendor: VendorCredentials;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCredentials();
  const [launchUrl, setLaunchUrl] = useState(vendor.launchUrl ?? 'sim:');
  const [enabled, setEnabled] = useState(vendor.enabled);
  if (vendor.inHouse)
    return (
      <tr>
        <th scope="row">{vendor.vendorName}</th>
        <td colSpan={4} className="muted">
          {t('gamesAdmin.inHouse')}
        </td>
      </tr>
    );
  const submit = (rotateSecret: boolean) =>
    save.mutate(
      { code: vendor.vendorCode, values: { enabled, launchUrl, rotateSecret } },
      { onSuccess: (answer) => (answer.newSecret ? onSecret(answer.newSecret) : undefined) },
    );
  return (
    <tr>
      <th scope="row">
        {vendor.vendorName}
        <span className="muted"> · {vendor.vendorCode}</span>
      </th>
      <td>
        <input
          className="input"
          aria-label={t('gamesAdmin.launchUrlOf', { name: vendor.vendorName })}
          value={launchUrl}
          onChange={(e) => setLaunchUrl(e.target.value)}
        />
        {save.error ? <p className="field-error">{save.error.message}</p> : null}
      </td>
      <td>
        <input
          type="checkbox"
          role="switch"
          aria-checked={enabled}
          aria-label={t('gamesAdmin.switch.enabled', { name: vendor.vendorName })}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
      </td>
      <td>{vendor.secretHint ?? t('gamesAdmin.noSecret')}</td>
      <td className="row-actions">
        <button type="button" className="button" disabled={save.isPending} onClick={() => submit(false)}>
          {t('gamesAdmin.save')}
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={save.isPending}
          onClick={() => {
            if (window.confirm(t('gamesAdmin.rotateConfirm', { name: vendor.vendorName }))) submit(true);
          }}
        >
          {t('gamesAdmin.rotate')}
        </button>
      </td>
    </tr>
  );
}

/** Each vendor's seamless-wallet credentials: launch address, switch, and a new secret shown once. */
export function CredentialsAdmin() {
  const { t } = useTranslation();
  const vendors = useCredentials();
  const [secret, setSecret] = useState<string | null>(null);
  if (vendors.isPending) return <Loading />;
  if (vendors.isError) return <LoadError error={vendors.error} onRetry={() => void vendors.refetch()} />;
  return (
    <section className="card stack" aria-labelledby="credentials-title">
      <h2 id="credentials-title">{t('gamesAdmin.credentials')}</h2>
      <p className="muted">{t('gamesAdmin.credentialsIntro')}</p>
      {secret ? (
        <Notice tone="warning">
          {t('gamesAdmin.newSecret')} <code data-testid="new-secret">{secret}</code>
        </Notice>
      ) : null}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('gamesAdmin.vendor')}</th>
              <th scope="col">{t('gamesAdmin.launchUrl')}</th>
              <th scope="col">{t('gamesAdmin.enabled')}</th>
              <th scope="col">{t('gamesAdmin.secret')}</th>
              <th scope="col">{t('gamesAdmin.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {vendors.data.map((vendor) => (
              <CredentialsRow key={vendor.vendorCode} vendor={vendor} onSecret={setSecret} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const products = ['ALL', 'RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'];

/** Every member's rounds of a merchant with filters and totals. */
export function BetsExplorer({ merchant }: { merchant: string }) {
  const { t } = useTranslation();
  const initial: BetsFilter = {
    merchant,
    product: 'ALL',
    vendor: '',
    member: '',
    from: today(-6),
    to: today(),
    pageNo: 1,
  };
  const [draft, setDraft] = useState(initial);
  const [filter, setFilter] = useState(initial);
  const bets = useBets({ ...filter, merchant });
  return (
    <section className="card stack" aria-labelledby="bets-title">
      <h2 id="bets-title">{t('gamesAdmin.bets')}</h2>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ ...draft, pageNo: 1 });
        }}
      >
        <Field label={t('gamesAdmin.member')}>
          <input
            className="input"
            value={draft.member}
            onChange={(e) => setDraft({ ...draft, member: e.target.value })}
          />
        </Field>
        <Field label={t('gamesAdmin.product')}>
          <select
            className="input"
            value={draft.product}
            onChange={(e) => setDraft({ ...draft, product: e.target.value })}
          >
            {products.map((p) => (
              <option key={p} value={p}>
                {p === 'ALL' ? t('common.any') : p}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('gamesAdmin.vendorCode')}>
          <input
            className="input"
            value={draft.vendor}
            onChange={(e) => setDraft({ ...draft, vendor: e.target.value.toUpperCase() })}
          />
        </Field>
        <Field label={t('gamesAdmin.from')}>
          <input
            className="input"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </Field>
        <Field label={t('gamesAdmin.to')}>
          <input
            className="input"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('gamesAdmin.search')}
          </button>
        </div>
      </form>
      {bets.isPending ? (
        <Loading />
      ) : bets.isError ? (
        <LoadError error={bets.error} onRetry={() => void bets.refetch()} />
      ) : (
        <>
          <p>
            {t('gamesAdmin.betTotals', {
              count: bets.data.totals.count,
              bet: money(bets.data.totals.bet),
              win: money(bets.data.totals.win),
              ggr: money(bets.data.totals.bet - bets.data.totals.win),
            })}
          </p>
          <div className="table-wrap">
            <table className="table" aria-busy={bets.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{t('gamesAdmin.time')}</th>
                  <th scope="col">{t('gamesAdmin.member')}</th>
                  <th scope="col">{t('gamesAdmin.game')}</th>
                  <th scope="col">{t('gamesAdmin.round')}</th>
                  <th scope="col">{t('gamesAdmin.bet')}</th>
                  <th scope="col">{t('gamesAdmin.win')}</th>
                  <th scope="col">{t('gamesAdmin.status')}</th>
                </tr>
              </thead>
              <tbody>
                {bets.data.list.length === 0 ? (
                  <tr>
                    <td colSpan={7}>{t('gamesAdmin.noBets')}</td>
                  </tr>
                ) : (
                  bets.data.list.map((row) => (
                    <tr key={row.id}>
                      <td>{formatDateTime(row.createdAt, currentLocale())}</td>
                      <td>{row.member}</td>
                      <td>
                        {row.gameName}
                        <span className="muted">
                          {' '}
                          · {row.product} · {row.vendor}
                        </span>
                      </td>
                      <td className="muted">{row.roundId}</td>
                      <td>{money(row.bet)}</td>
                      <td>{money(row.win)}</td>
                      <td>{t(`gamesAdmin.statuses.${row.status}`)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pager
            pageNo={bets.data.pageNo}
            totalPages={bets.data.totalPages}
            total={bets.data.total}
            onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
          />
        </>
      )}
    </section>
  );
}

/** The house's game profit and loss by day, vendor and product. */
export function GameReport({ merchant }: { merchant: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ from: today(-6), to: today() });
  const [range, setRange] = useState(draft);
  const report = useReport({ merchant, ...range });
  return (
    <section className="card stack" aria-labelledby="report-title">
      <h2 id="report-title">{t('gamesAdmin.report')}</h2>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setRange(draft);
        }}
      >
        <Field label={t('gamesAdmin.from')}>
          <input
            className="input"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </Field>
        <Field label={t('gamesAdmin.to')}>
          <input
            className="input"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('gamesAdmin.search')}
          </button>
        </div>
      </form>
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="muted">{t('gamesAdmin.timeZone', { zone: report.data.timeZone })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('gamesAdmin.day')}</th>
                <th scope="col">{t('gamesAdmin.vendor')}</th>
                <th scope="col">{t('gamesAdmin.product')}</th>
                <th scope="col">{t('gamesAdmin.rounds')}</th>
                <th scope="col">{t('gamesAdmin.bet')}</th>
                <th scope="col">{t('gamesAdmin.win')}</th>
                <th scope="col">{t('gamesAdmin.ggr')}</th>
              </tr>
            </thead>
            <tbody>
              {report.data.rows.length === 0 ? (
                <tr>
                  <td colSpan={7}>{t('gamesAdmin.noBets')}</td>
                </tr>
              ) : (
                report.data.rows.map((row) => (
                  <tr key={`${row.day}-${row.vendor}-${row.product}`}>
                    <td>{row.day}</td>
                    <td>{row.vendor}</td>
                    <td>{row.product}</td>
                    <td>{row.count}</td>
                    <td>{money(row.bet)}</td>
                    <td>{money(row.win)}</td>
                    <td>{money(row.ggr)}</td>
                  </tr>
                ))
              )}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('gamesAdmin.total')}
                </th>
                <td>{report.data.totals.count}</td>
                <td>{money(report.data.totals.bet)}</td>
                <td>{money(report.data.totals.win)}</td>
                <td>{money(report.data.totals.ggr)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
