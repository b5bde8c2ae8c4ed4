import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { type CatalogueSwitches, useGames, useLines, useSaveSwitches } from '../api/games-admin.ts';
import { type MoneyFormat, QueryView } from './games-shared.tsx';

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
  const heads = { enabled: 'enabled', isHot: 'hot', maintenance: 'maintenance' } as const;
  const flag = (key: 'enabled' | 'isHot' | 'maintenance') => (
    <td data-label={t(`gamesAdmin.${heads[key]}`)}>
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
      <td data-label={t('gamesAdmin.order')}>
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
export function CatalogueAdmin({ merchant, money }: { merchant: string; money: MoneyFormat }) {
  const { t } = useTranslation();
  const lines = useLines(merchant);
  const saveLine = useSaveSwitches('lines');
  const saveGame = useSaveSwitches('games');
  const [filter, setFilter] = useState({ vassalage: '', name: '', pageNo: 1 });
  const [name, setName] = useState('');
  const games = useGames(merchant, filter);
  const error = saveLine.error ?? saveGame.error;
  // While a change is saved, its row shows the new values (then the reloaded list confirms them).
  const shown = <T extends { nodeId: number }>(row: T, save: typeof saveLine): T =>
    save.isPending && save.variables?.nodeId === row.nodeId ? { ...row, ...save.variables.values } : row;

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
        <QueryView query={lines}>
          {(data) => (
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
                  {data.map((line) => (
                    <tr key={line.nodeId}>
                      <th scope="row">
                        {line.vendorName}
                        <span className="muted"> · {line.vassalage}</span>
                      </th>
                      <td data-label={t('gamesAdmin.product')}>{line.gameType}</td>
                      <td data-label={t('gamesAdmin.games')}>
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
                        values={shown(line, saveLine)}
                        disabled={saveLine.isPending}
                        onSave={(values) => saveLine.mutate({ merchant, nodeId: line.nodeId, values })}
                      />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryView>
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
        <QueryView query={games}>
          {(page) => (
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
                    {page.list.map((game) => (
                      <tr key={game.nodeId}>
                        <th scope="row">
                          {game.name}
                          <span className="muted"> · {game.gameCode}</span>
                          {!game.lineEnabled || game.lineMaintenance ? (
                            <span className="badge">{t('gamesAdmin.lineOff')}</span>
                          ) : null}
                        </th>
                        <td data-label={t('gamesAdmin.vendor')}>{game.vendor}</td>
                        <td data-label={t('gamesAdmin.minBet')}>{money.exact(game.minBet)}</td>
                        <SwitchCells
                          key={`${game.nodeId}-${game.sortOrder}`}
                          name={game.name}
                          values={shown(game, saveGame)}
                          disabled={saveGame.isPending}
                          onSave={(values) => saveGame.mutate({ merchant, nodeId: game.nodeId, values })}
                        />
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                pageNo={page.pageNo}
                totalPages={page.totalPages}
                total={page.total}
                onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
              />
            </>
          )}
        </QueryView>
      </section>
    </div>
  );
}
