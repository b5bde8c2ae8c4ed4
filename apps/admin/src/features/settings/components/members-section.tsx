import type { MemberSettings } from '@tala/contracts/merchant-settings';
import { formatAmount, moneyDisplay, parseAmountInput } from '@tala/contracts/money-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Switch } from '../../../components/switch.tsx';
import type { SectionProps } from '../utils/section-props.ts';
import { Section } from './section.tsx';

const integer = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const shown = (n: number) => (Number.isNaN(n) ? '' : n);
const orNull = (text: string) => (text.trim() === '' ? null : text);

/** Major units typed by the operator as integer minor units (`12.50` with 2 decimals → 1250); NaN when unreadable. */
function toMinor(text: string, exponent: number): number {
  const minor = parseAmountInput(text, exponent);
  return typeof minor === 'number' && minor >= 0 ? minor : Number.NaN;
}
const fromMinor = (minor: number, exponent: number) =>
  Number.isNaN(minor) ? '' : formatAmount(minor, { exponent, displayDecimals: exponent });

/** Members, sessions, second checks, free play, SMS defences and where SMS and e-mail go (the `members` part). */
export function MembersSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const members = draft.members;
  const exponent = moneyDisplay(draft.whitelabel).currencyExponent;
  const [balanceText, setBalanceText] = useState(fromMinor(members.freePlayBalance, exponent));
  const [codeChoice, setCodeChoice] = useState('');
  const set = (patch: Partial<MemberSettings>) =>
    update((d) => ({ ...d, members: { ...d.members, ...patch } }));
  const setMessaging = (patch: Partial<MemberSettings['messaging']>) =>
    update((d) => ({ ...d, members: { ...d.members, messaging: { ...d.members.messaging, ...patch } } }));

  function addCode() {
    const code = codeChoice.trim().startsWith('+') ? codeChoice.trim() : `+${codeChoice.trim()}`;
    if (code === '+' || members.smsAllowedDialingCodes.includes(code)) return;
    set({ smsAllowedDialingCodes: [...members.smsAllowedDialingCodes, code] });
    setCodeChoice('');
  }
  const codesError = errorFor('members.smsAllowedDialingCodes');

  return (
    <Section title={t('settings.members.title')} help={t('settings.members.help')}>
      <div className="switch-list">
        <Switch
          label={t('settings.members.singleSession')}
          help={t('settings.members.singleSessionHelp')}
          checked={members.singleSession}
          onChange={(singleSession) => set({ singleSession })}
          error={errorFor('members.singleSession')}
        />
        <Switch
          label={t('settings.members.newIpSecondCheck')}
          help={t('settings.members.newIpSecondCheckHelp')}
          checked={members.newIpSecondCheck}
          onChange={(newIpSecondCheck) => set({ newIpSecondCheck })}
          error={errorFor('members.newIpSecondCheck')}
        />
      </div>
      <div className="grid-2">
        <Field
          label={t('settings.members.passwordExpiryDays')}
          help={t('settings.members.passwordExpiryDaysHelp')}
          error={errorFor('members.passwordExpiryDays')}
        >
          <input
            className="input"
            type="number"
            min={1}
            max={3650}
            value={shown(members.passwordExpiryDays)}
            onChange={(event) => set({ passwordExpiryDays: integer(event.target.value) })}
          />
        </Field>
        <Field
          label={t('settings.members.freePlayBalance', {
            symbol: moneyDisplay(draft.whitelabel).currencySymbol,
          })}
          help={t('settings.members.freePlayBalanceHelp')}
          error={errorFor('members.freePlayBalance')}
        >
          <input
            className="input"
            inputMode="decimal"
            // What the operator typed while it still means the draft's amount (NaN included), else the amount.
            value={
              Object.is(toMinor(balanceText, exponent), members.freePlayBalance)
                ? balanceText
                : fromMinor(members.freePlayBalance, exponent)
            }
            onChange={(event) => {
              setBalanceText(event.target.value);
              set({ freePlayBalance: toMinor(event.target.value, exponent) });
            }}
          />
        </Field>
        <Field
          label={t('settings.members.smsDailyCapPerIp')}
          help={t('settings.members.smsDailyCapPerIpHelp')}
          error={errorFor('members.smsDailyCapPerIp')}
        >
          <input
            className="input"
            type="number"
            min={1}
            max={10000}
            value={shown(members.smsDailyCapPerIp)}
            onChange={(event) => set({ smsDailyCapPerIp: integer(event.target.value) })}
          />
        </Field>
        <Field
          label={t('settings.members.smsDailyCapPerDialingCode')}
          help={t('settings.members.smsDailyCapPerDialingCodeHelp')}
          error={errorFor('members.smsDailyCapPerDialingCode')}
        >
          <input
            className="input"
            type="number"
            min={1}
            max={10000000}
            value={shown(members.smsDailyCapPerDialingCode)}
            onChange={(event) => set({ smsDailyCapPerDialingCode: integer(event.target.value) })}
          />
        </Field>
        <Field
          label={t('settings.members.registrationsPerIpPerDay')}
          help={t('settings.members.registrationsPerIpPerDayHelp')}
          error={errorFor('members.registrationsPerIpPerDay')}
        >
          <input
            className="input"
            type="number"
            min={1}
            max={100000}
            value={shown(members.registrationsPerIpPerDay)}
            onChange={(event) => set({ registrationsPerIpPerDay: integer(event.target.value) })}
          />
        </Field>
      </div>
      <fieldset className="group" aria-invalid={codesError ? true : undefined}>
        <legend className="field-label">{t('settings.members.dialingCodes')}</legend>
        <p className="field-help">{t('settings.members.dialingCodesHelp')}</p>
        {codesError ? <p className="field-error">{codesError}</p> : null}
        <ul className="chips">
          {members.smsAllowedDialingCodes.length === 0 ? (
            <li className="muted">{t('settings.members.noDialingCodes')}</li>
          ) : null}
          {members.smsAllowedDialingCodes.map((code) => (
            <li key={code} className="chip">
              <span className="chip-code">{code}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={t('settings.region.remove', { name: code })}
                onClick={() =>
                  set({ smsAllowedDialingCodes: members.smsAllowedDialingCodes.filter((c) => c !== code) })
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <div className="code-adder">
          <input
            className="input input-compact"
            aria-label={t('settings.members.dialingCodeToAdd')}
            placeholder="+63"
            value={codeChoice}
            onChange={(event) => setCodeChoice(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addCode();
              }
            }}
          />
          <button type="button" className="button" onClick={addCode}>
            {t('settings.members.addCode')}
          </button>
        </div>
      </fieldset>
      <h3>{t('settings.members.messagingTitle')}</h3>
      <p className="muted">{t('settings.members.messagingHelp')}</p>
      <div className="grid-2">
        <Field
          label={t('settings.members.smsGatewayUrl')}
          help={t('settings.members.simulatorWhenEmpty')}
          error={errorFor('members.messaging.smsGatewayUrl')}
        >
          <input
            className="input input-mono"
            type="url"
            value={members.messaging.smsGatewayUrl ?? ''}
            onChange={(event) => setMessaging({ smsGatewayUrl: orNull(event.target.value) })}
          />
        </Field>
        <Field label={t('settings.members.smsApiKey')} error={errorFor('members.messaging.smsApiKey')}>
          <input
            className="input input-mono"
            type="password"
            autoComplete="off"
            value={members.messaging.smsApiKey ?? ''}
            onChange={(event) => setMessaging({ smsApiKey: orNull(event.target.value) })}
          />
        </Field>
        <Field label={t('settings.members.smsSenderId')} error={errorFor('members.messaging.smsSenderId')}>
          <input
            className="input"
            maxLength={11}
            value={members.messaging.smsSenderId}
            onChange={(event) => setMessaging({ smsSenderId: event.target.value })}
          />
        </Field>
        <Field
          label={t('settings.members.smtpUrl')}
          help={t('settings.members.simulatorWhenEmpty')}
          error={errorFor('members.messaging.smtpUrl')}
        >
          <input
            className="input input-mono"
            value={members.messaging.smtpUrl ?? ''}
            onChange={(event) => setMessaging({ smtpUrl: orNull(event.target.value) })}
          />
        </Field>
        <Field label={t('settings.members.emailFrom')} error={errorFor('members.messaging.emailFrom')}>
          <input
            className="input"
            type="email"
            value={members.messaging.emailFrom}
            onChange={(event) => setMessaging({ emailFrom: event.target.value })}
          />
        </Field>
      </div>
    </Section>
  );
}
