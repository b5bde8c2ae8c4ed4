import { moneyDisplay, parseAmountInput } from '@tala/contracts/money-format';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { useSettings } from '../../settings/api/get-settings.ts';
import { useJackpot, useSaveJackpotSeed } from '../api/games-admin.ts';
import { type MoneyFormat, QueryView } from './games-shared.tsx';

/**
 * The merchant's progressive jackpot: the pool as the ledger holds it, its awards, and the seed the operator funds
 * it with (topped up from the house's promotion account now and after every award).
 */
export function JackpotAdmin({ merchant, money }: { merchant: string; money: MoneyFormat }) {
  const { t, i18n } = useTranslation();
  const jackpot = useJackpot(merchant);
  const settings = useSettings(merchant);
  const save = useSaveJackpotSeed(merchant);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const exponent = moneyDisplay(settings.data?.settings.whitelabel ?? {}).currencyExponent;

  function submit(event: FormEvent) {
    event.preventDefault();
    const seed = parseAmountInput(text, exponent);
    if (typeof seed !== 'number' || seed < 0) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    save.mutate(seed, { onSuccess: () => setText('') });
  }

  return (
    <QueryView query={jackpot}>
      {(value) => (
        <section className="card stack" aria-labelledby="jackpot-title">
          <h2 id="jackpot-title">{t('gamesAdmin.jackpot.title')}</h2>
          <p className="muted">{t('gamesAdmin.jackpot.intro')}</p>
          <dl className="facts">
            <div>
              <dt>{t('gamesAdmin.jackpot.pool')}</dt>
              <dd data-testid="jackpot-pool">{money.exact(value.pool)}</dd>
            </div>
            <div>
              <dt>{t('gamesAdmin.jackpot.seed')}</dt>
              <dd data-testid="jackpot-seed">{money.exact(value.seed)}</dd>
            </div>
            <div>
              <dt>{t('gamesAdmin.jackpot.hits')}</dt>
              <dd>{value.hits}</dd>
            </div>
            <div>
              <dt>{t('gamesAdmin.jackpot.lastWin')}</dt>
              <dd>
                {value.lastWin === null || value.lastWonAt === null
                  ? t('gamesAdmin.jackpot.never')
                  : t('gamesAdmin.jackpot.lastWinAt', {
                      amount: money.amount(value.lastWin),
                      at: formatDateTime(value.lastWonAt, i18n.language),
                    })}
              </dd>
            </div>
          </dl>
          <form className="filters" onSubmit={submit} noValidate>
            <Field
              className="filters-wide"
              label={t('gamesAdmin.jackpot.newSeed')}
              help={t('gamesAdmin.jackpot.newSeedHelp')}
              error={invalid ? t('gamesAdmin.jackpot.invalidSeed') : undefined}
            >
              <input
                className="input"
                inputMode="decimal"
                value={text}
                onChange={(event) => setText(event.target.value)}
                required
              />
            </Field>
            <div className="filters-actions">
              <button className="button button-primary" type="submit" disabled={save.isPending}>
                {save.isPending ? t('gamesAdmin.jackpot.saving') : t('gamesAdmin.jackpot.save')}
              </button>
            </div>
          </form>
          {save.isSuccess ? <Notice tone="success">{t('gamesAdmin.jackpot.saved')}</Notice> : null}
          {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
        </section>
      )}
    </QueryView>
  );
}
