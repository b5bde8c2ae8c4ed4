import { contentImagePath } from '@tala/contracts/content';
import { gameTypes } from '@tala/contracts/games';
import type { LanguageCode } from '@tala/contracts/languages';
import { claimPeriods, type PromotionText, promotionKinds, turnoverBases } from '@tala/contracts/promotions';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { amountFromInput, money } from '../../../lib/money.ts';
import { ImageUpload, LanguageTabs, useMerchantLanguages } from '../../content/components/shared.tsx';
import { type AdminPromotion, type PromotionBody, useSavePromotion } from '../api/promotions.ts';
import { LadderFields, ladderRows, ladderRules } from './ladder-fields.tsx';
import { RebateFields, RebateRuns, ratesFromInputs } from './rebate-fields.tsx';
import { defaultReferral, ReferralFields, referralFromInputs, referralInputs } from './referral-fields.tsx';

/** A date-time input's value (local time) for an instant, and back. */
const toLocal = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : '');
const major = (minor: number) => (minor / 100).toFixed(2);

function blank(): PromotionBody {
  const start = new Date();
  start.setMinutes(0, 0, 0);
  return {
    kind: 'firstDeposit',
    enabled: true,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 30 * 86_400_000).toISOString(),
    budget: null,
    rules: {
      percent: 10_000,
      maxBonus: 100_000,
      minDeposit: 10_000,
      turnoverMultiple: 10,
      turnoverBasis: 'bonus',
      weights: {},
      claimPer: 'once',
      minVipLevel: 0,
      agentUsername: null,
      oncePerDevice: true,
      oncePerIp: false,
      oncePerBankAccount: true,
      rebateBasis: 'validBets',
      rebateRates: {},
      minPayout: 0,
      levelBonuses: [],
      prizes: [],
      birthdayDays: 7,
      referral: null,
    },
    texts: { EN: { title: '', summary: '', rules: '' } },
  };
}

/**
 * The promotion builder: kind, period, budget, the bonus and its turnover with product weights, eligibility and
 * abuse limits, texts per language, and a preview of the card as the site shows it. The server checks it all again.
 */
export function PromotionEditor({
  merchantCode,
  promotion,
  onDone,
}: {
  merchantCode: string;
  promotion: AdminPromotion | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const initial: PromotionBody = promotion ?? blank();
  const [draft, setDraft] = useState<PromotionBody>(initial);
  const [amounts, setAmounts] = useState(() => ({
    budget: initial.budget === null ? '' : major(initial.budget),
    maxBonus: major(initial.rules.maxBonus),
    minDeposit: major(initial.rules.minDeposit),
    percent: String(initial.rules.percent / 100),
    minPayout: major(initial.rules.minPayout ?? 0),
  }));
  const [rates, setRates] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(initial.rules.rebateRates ?? {}).map(([g, bp]) => [g, String(bp / 100)]),
    ),
  );
  const rebate = draft.kind === 'rebate';
  const referral = draft.kind === 'referral';
  const [referralText, setReferralText] = useState(() => referralInputs(initial.rules.referral));
  const ladder = draft.kind === 'rankUpgrade' || draft.kind === 'raffle';
  const birthday = draft.kind === 'birthday';
  const [ladderInputs, setLadderInputs] = useState(() => ladderRows(initial.kind, initial.rules));
  const languages = useMerchantLanguages(merchantCode);
  const [textProblem, setTextProblem] = useState<string | null>(null);
  const save = useSavePromotion(merchantCode);
  const rules = draft.rules;
  const setRules = (change: Partial<PromotionBody['rules']>) =>
    setDraft({ ...draft, rules: { ...rules, ...change } });
  const textIn = (language: LanguageCode): PromotionText =>
    draft.texts[language] ?? { title: '', summary: '', rules: '' };
  const setText = (language: LanguageCode, change: Partial<PromotionText>) =>
    setDraft({ ...draft, texts: { ...draft.texts, [language]: { ...textIn(language), ...change } } });
  const fieldError = (name: string) =>
    save.error instanceof ApiError && save.error.field?.startsWith(name) ? save.error.message : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    // Another language left without a title falls back to English on the site rather than showing blanks; its
    // picture alone cannot stand without its own title.
    const texts: PromotionBody['texts'] = {};
    for (const [language, text] of Object.entries(draft.texts) as [LanguageCode, PromotionText][]) {
      if (language !== 'EN' && !text.title.trim()) {
        if (text.image) {
          setTextProblem(t('promotions.editor.imageNeedsTitle', { language }));
          return;
        }
        continue;
      }
      texts[language] = text;
    }
    setTextProblem(null);
    const body: PromotionBody = {
      ...draft,
      budget: amounts.budget.trim() === '' ? null : (amountFromInput(amounts.budget) as number),
      rules: {
        ...rules,
        maxBonus: amountFromInput(amounts.maxBonus) as number,
        minDeposit: amountFromInput(amounts.minDeposit) as number,
        percent: Math.round(Number(amounts.percent.replace(',', '.')) * 100),
        minPayout: rebate ? (amountFromInput(amounts.minPayout) as number) : 0,
        rebateRates: rebate ? ratesFromInputs(rates) : {},
        ...ladderRules(draft.kind, ladderInputs),
        referral: referral ? referralFromInputs(referralText) : null,
        agentUsername: rules.agentUsername?.trim() ? rules.agentUsername.trim() : null,
      },
      texts,
    };
    save.mutate({ id: promotion?.id ?? null, body }, { onSuccess: onDone });
  }

  const previewPercent = Number(amounts.percent.replace(',', '.')) || 0;
  return (
    <form className="stack" onSubmit={submit} aria-label={t('promotions.editor.title')}>
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
      <fieldset className="card section">
        <legend>{t('promotions.editor.basics')}</legend>
        <div className="filters">
          <Field label={t('promotions.editor.kind')}>
            <select
              className="input"
              value={draft.kind}
              disabled={promotion !== null}
              onChange={(e) => {
                const kind = e.target.value as PromotionBody['kind'];
                // A rebate pays per day or week, as cash without turnover; a raffle draws per day or week; a rank
                // upgrade pays each level once.
                const rebateRules =
                  kind === 'rebate'
                    ? { claimPer: 'day' as const, turnoverMultiple: 0 }
                    : kind === 'raffle'
                      ? { claimPer: 'week' as const }
                      : kind === 'rankUpgrade' || kind === 'birthday' || kind === 'referral'
                        ? { claimPer: 'once' as const }
                        : {};
                if (kind === 'referral') setReferralText(referralInputs(defaultReferral));
                setLadderInputs(kind === 'birthday' ? [] : [{ first: '', second: '' }]);
                setDraft({ ...draft, kind, rules: { ...rules, ...rebateRules } });
              }}
            >
              {promotionKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`promotions.kinds.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('promotions.editor.startsAt')}>
            <input
              className="input"
              type="datetime-local"
              value={toLocal(draft.startsAt)}
              onChange={(e) => setDraft({ ...draft, startsAt: fromLocal(e.target.value) })}
              required
            />
          </Field>
          <Field label={t('promotions.editor.endsAt')} error={fieldError('endsAt')}>
            <input
              className="input"
              type="datetime-local"
              value={toLocal(draft.endsAt)}
              onChange={(e) => setDraft({ ...draft, endsAt: fromLocal(e.target.value) })}
              required
            />
          </Field>
          <Field
            label={t('promotions.editor.budget')}
            help={t('promotions.editor.budgetHelp')}
            error={fieldError('budget')}
          >
            <input
              className="input"
              inputMode="decimal"
              value={amounts.budget}
              onChange={(e) => setAmounts({ ...amounts, budget: e.target.value })}
            />
          </Field>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.enabled}
              onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
            />{' '}
            {t('promotions.editor.enabled')}
          </label>
        </div>
      </fieldset>

      <fieldset className="card section">
        <legend>{t('promotions.editor.bonus')}</legend>
        <div className="filters">
          {draft.kind === 'applied' || ladder || birthday || referral ? null : (
            <Field
              label={t(rebate ? 'promotions.rebate.percent' : 'promotions.editor.percent')}
              error={fieldError('rules.percent')}
            >
              <input
                className="input"
                inputMode="decimal"
                value={amounts.percent}
                onChange={(e) => setAmounts({ ...amounts, percent: e.target.value })}
                required
              />
            </Field>
          )}
          {ladder || referral ? null : (
            <Field
              label={t(
                rebate
                  ? 'promotions.rebate.maxBonus'
                  : birthday
                    ? 'promotions.birthday.amount'
                    : 'promotions.editor.maxBonus',
              )}
              error={fieldError('rules.maxBonus')}
            >
              <input
                className="input"
                inputMode="decimal"
                value={amounts.maxBonus}
                onChange={(e) => setAmounts({ ...amounts, maxBonus: e.target.value })}
                required
              />
            </Field>
          )}
          {rebate ? (
            <Field
              label={t('promotions.rebate.minPayout')}
              help={t('promotions.rebate.minPayoutHelp')}
              error={fieldError('rules.minPayout')}
            >
              <input
                className="input"
                inputMode="decimal"
                value={amounts.minPayout}
                onChange={(e) => setAmounts({ ...amounts, minPayout: e.target.value })}
                required
              />
            </Field>
          ) : null}
          {birthday ? (
            <Field
              label={t('promotions.birthday.days')}
              help={t('promotions.birthday.daysHelp')}
              error={fieldError('rules.birthdayDays')}
            >
              <input
                className="input"
                type="number"
                min={1}
                max={31}
                value={rules.birthdayDays}
                onChange={(e) => setRules({ birthdayDays: Number(e.target.value) })}
                required
              />
            </Field>
          ) : null}
          {draft.kind === 'applied' ||
          rebate ||
          draft.kind === 'rankUpgrade' ||
          birthday ||
          referral ? null : (
            <Field
              label={t(
                draft.kind === 'raffle' ? 'promotions.ladder.minDeposit' : 'promotions.editor.minDeposit',
              )}
              error={fieldError('rules.minDeposit')}
            >
              <input
                className="input"
                inputMode="decimal"
                value={amounts.minDeposit}
                onChange={(e) => setAmounts({ ...amounts, minDeposit: e.target.value })}
                required
              />
            </Field>
          )}
          {draft.kind !== 'firstDeposit' && draft.kind !== 'rankUpgrade' && !birthday && !referral ? (
            <Field label={t('promotions.editor.claimPer')}>
              <select
                className="input"
                value={rules.claimPer}
                onChange={(e) => setRules({ claimPer: e.target.value as PromotionBody['rules']['claimPer'] })}
              >
                {claimPeriods
                  .filter((p) => !(rebate || draft.kind === 'raffle') || p !== 'once')
                  .map((p) => (
                    <option key={p} value={p}>
                      {t(`promotions.per.${p}`)}
                    </option>
                  ))}
              </select>
            </Field>
          ) : null}
        </div>
        {referral ? (
          <ReferralFields inputs={referralText} setInputs={setReferralText} error={fieldError} />
        ) : null}
        {draft.kind === 'rankUpgrade' || draft.kind === 'raffle' || draft.kind === 'birthday' ? (
          <LadderFields kind={draft.kind} rows={ladderInputs} setRows={setLadderInputs} />
        ) : null}
        {rebate ? (
          <RebateFields rules={rules} setRules={setRules} rates={rates} setRates={setRates} />
        ) : (
          <>
            <div className="filters">
              <Field
                label={t('promotions.editor.turnoverMultiple')}
                help={t('promotions.editor.turnoverHelp')}
              >
                <input
                  className="input"
                  type="number"
                  min={0}
                  max={100}
                  value={rules.turnoverMultiple}
                  onChange={(e) => setRules({ turnoverMultiple: Number(e.target.value) })}
                />
              </Field>
              {draft.kind === 'applied' || referral ? null : (
                <Field label={t('promotions.editor.turnoverBasis')}>
                  <select
                    className="input"
                    value={rules.turnoverBasis}
                    onChange={(e) =>
                      setRules({ turnoverBasis: e.target.value as PromotionBody['rules']['turnoverBasis'] })
                    }
                  >
                    {turnoverBases.map((b) => (
                      <option key={b} value={b}>
                        {t(`promotions.basis.${b}`)}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
            </div>
            <fieldset className="filters">
              <legend>{t('promotions.editor.weights')}</legend>
              {gameTypes.map((g) => (
                <Field key={g} label={g}>
                  <input
                    className="input"
                    type="number"
                    min={0}
                    max={100}
                    value={rules.weights[g] ?? 100}
                    onChange={(e) => setRules({ weights: { ...rules.weights, [g]: Number(e.target.value) } })}
                  />
                </Field>
              ))}
            </fieldset>
          </>
        )}
      </fieldset>

      <fieldset className="card section">
        <legend>{t('promotions.editor.eligibility')}</legend>
        <div className="filters">
          <Field label={t('promotions.editor.minVipLevel')}>
            <input
              className="input"
              type="number"
              min={0}
              max={99}
              value={rules.minVipLevel}
              onChange={(e) => setRules({ minVipLevel: Number(e.target.value) })}
            />
          </Field>
          <Field
            label={t('promotions.editor.agentUsername')}
            help={t('promotions.editor.agentHelp')}
            error={fieldError('rules.agentUsername')}
          >
            <input
              className="input"
              value={rules.agentUsername ?? ''}
              onChange={(e) => setRules({ agentUsername: e.target.value })}
              maxLength={32}
            />
          </Field>
        </div>
        <div className="filters">
          {(['oncePerDevice', 'oncePerIp', 'oncePerBankAccount'] as const).map((flag) => (
            <label key={flag} className="checkbox">
              <input
                type="checkbox"
                checked={rules[flag]}
                onChange={(e) => setRules({ [flag]: e.target.checked })}
              />{' '}
              {t(referral ? `promotions.referral.${flag}` : `promotions.editor.${flag}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="card section">
        <legend>{t('promotions.editor.texts')}</legend>
        {textProblem ? <Notice tone="error">{textProblem}</Notice> : null}
        <LanguageTabs
          languages={languages}
          value={draft.texts}
          error={fieldError('texts')}
          render={(language) => {
            const text = textIn(language);
            const image = text.image ?? draft.texts.EN?.image;
            return (
              <>
                <Field label={t('promotions.editor.textTitle')}>
                  <input
                    className="input"
                    value={text.title}
                    maxLength={80}
                    required={language === 'EN'}
                    onChange={(e) => setText(language, { title: e.target.value })}
                  />
                </Field>
                <Field label={t('promotions.editor.summary')}>
                  <input
                    className="input"
                    value={text.summary}
                    maxLength={200}
                    onChange={(e) => setText(language, { summary: e.target.value })}
                  />
                </Field>
                <Field label={t('promotions.editor.rules')}>
                  <textarea
                    className="input"
                    rows={5}
                    value={text.rules}
                    maxLength={4000}
                    onChange={(e) => setText(language, { rules: e.target.value })}
                  />
                </Field>
                <ImageUpload
                  merchantCode={merchantCode}
                  label={t('promotions.editor.image')}
                  imageUrl={null}
                  onUploaded={(uploaded) => setText(language, { image: uploaded.id })}
                />
                {text.image ? (
                  <div>
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => {
                        const { image: _removed, ...rest } = text;
                        setDraft({ ...draft, texts: { ...draft.texts, [language]: rest } });
                      }}
                    >
                      {t(
                        language === 'EN'
                          ? 'promotions.editor.removeImage'
                          : 'content.banners.useEnglishImage',
                      )}
                    </button>
                  </div>
                ) : null}
                <section aria-label={t('promotions.editor.preview')}>
                  <h3 className="field-label">{t('promotions.editor.preview')}</h3>
                  <div className="promo-preview">
                    {image ? (
                      <img className="promo-preview__image" src={contentImagePath(image)} alt="" />
                    ) : null}
                    <div className="promo-preview__banner">{t(`promotions.kinds.${draft.kind}`)}</div>
                    <div className="promo-preview__body">
                      <strong>
                        {text.title || draft.texts.EN?.title || t('promotions.editor.untitled')}
                      </strong>
                      <p>{text.summary || draft.texts.EN?.summary}</p>
                      <p className="muted">
                        {referral
                          ? t('promotions.referral.preview', {
                              reward: money(Number(amountFromInput(referralText.referrerReward)) || 0),
                              friend: money(Number(amountFromInput(referralText.friendReward)) || 0),
                              deposit: money(Number(amountFromInput(referralText.minFirstDeposit)) || 0),
                              bets: money(Number(amountFromInput(referralText.minTurnover)) || 0),
                              days: referralText.withinDays,
                              times: rules.turnoverMultiple,
                            })
                          : rebate
                            ? t('promotions.rebate.preview', {
                                percent: previewPercent,
                                max: money(Number(amountFromInput(amounts.maxBonus)) || 0),
                                per: t(`promotions.per.${rules.claimPer}`),
                              })
                            : ladder
                              ? t(
                                  `promotions.ladder.preview.${draft.kind === 'raffle' ? 'raffle' : 'rankUpgrade'}`,
                                  {
                                    max: money(Number(ladderRules(draft.kind, ladderInputs).maxBonus) || 0),
                                    min: money(Number(amountFromInput(amounts.minDeposit)) || 0),
                                    count: ladderInputs.length,
                                    times: rules.turnoverMultiple,
                                  },
                                )
                              : birthday
                                ? t('promotions.birthday.preview', {
                                    amount: money(Number(amountFromInput(amounts.maxBonus)) || 0),
                                    days: rules.birthdayDays,
                                    times: rules.turnoverMultiple,
                                  })
                                : draft.kind === 'applied'
                                  ? t('promotions.editor.previewApplied', {
                                      max: money(Number(amountFromInput(amounts.maxBonus)) || 0),
                                      times: rules.turnoverMultiple,
                                    })
                                  : t('promotions.editor.previewLine', {
                                      percent: previewPercent,
                                      max: money(Number(amountFromInput(amounts.maxBonus)) || 0),
                                      min: money(Number(amountFromInput(amounts.minDeposit)) || 0),
                                      times: rules.turnoverMultiple,
                                    })}
                      </p>
                    </div>
                  </div>
                </section>
              </>
            );
          }}
        />
      </fieldset>

      {promotion && rebate ? (
        <section className="card section">
          <RebateRuns merchantCode={merchantCode} promotionId={promotion.id} />
        </section>
      ) : null}

      <div className="filters">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {promotion ? t('promotions.editor.save') : t('promotions.editor.create')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('promotions.editor.cancel')}
        </button>
      </div>
    </form>
  );
}
