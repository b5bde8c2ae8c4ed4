import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
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

/** Vendor lines and games of one merchant with their switches (enable, hot, maintenance, order). */
export function CatalogueAdmin({ merchant, money }: { merchant: string; money: MoneyFormat }) {
  const { t } = useTranslation();
  const lines = useLines(merchant);
  const saveLine = useSaveSwitches('lines');
  const saveGame = useSaveSwitches('games');
  const [filter, setFilter] = useState({ vassalage: '', name: '', pageNo: 1 });
  const [name, setName] = useState('');
  const games = useGames(merchant, filter);
  // The switch columns every catalogue row has.
  const switchHeads = [
    t('gamesAdmin.enabled'),
    t('gamesAdmin.hot'),
    t('gamesAdmin.maintenance'),
    t('gamesAdmin.order'),
  ];
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
            <DataTable
              caption={t('gamesAdmin.lines')}
              columns={[
                t('gamesAdmin.vendor'),
                t('gamesAdmin.product'),
                t('gamesAdmin.games'),
                ...switchHeads,
              ]}
              rows={data}
              row={(line) => (
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
              )}
            />
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
              <DataTable
                caption={t('gamesAdmin.games')}
                busy={games.isFetching}
                columns={[
                  t('gamesAdmin.game'),
                  t('gamesAdmin.vendor'),
                  t('gamesAdmin.minBet'),
                  ...switchHeads,
                ]}
                rows={page.list}
                row={(game) => (
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
                )}
              />
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
