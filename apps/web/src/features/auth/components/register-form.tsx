import '../auth.css';
import { type CheckedRule, checkRule, type RuleField, ruleMessage } from '@tala/contracts/rule-check';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialingCodePicker, SendCodeButton } from '../../../components/code-fields.tsx';
import { Checkbox, FormField, FormMessage } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { startSession } from '../../../lib/member-session.ts';
import { openOverlay } from '../../../lib/overlays.ts';
import { initialDialingCode, validMobile } from '../../../lib/phone.ts';
import { type RegistrationSettings, registrationSettingsQuery } from '../../../lib/registration-settings.ts';
import { checkAffiliate, register, registerMobile, sendRegisterCode } from '../api/auth-api.ts';
import { solvedChallenge } from '../lib/pow.ts';
import { CaptchaField } from './widgets.tsx';

/** The optional fields in the order the dialog shows them (username and password come first). */
const extraFields = [
  'mobileNum',
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'paymentPassword',
] as const satisfies readonly RuleField[];

type Values = Record<RuleField | 'confirmPassword' | 'verificationCode' | 'birthday', string>;
const emptyValues = (): Values => ({
  username: '',
  password: '',
  confirmPassword: '',
  mobileNum: '',
  payeeName: '',
  email: '',
  qqNum: '',
  line: '',
  whatsapp: '',
  facebook: '',
  wechat: '',
  idNumber: '',
  recommenderId: '',
  affiliateCode: '',
  captcha: '',
  paymentPassword: '',
  verificationCode: '',
  birthday: '',
});
type Errors = Partial<
  Record<keyof Values | 'consents' | 'acceptTerms' | 'confirmAge' | 'acceptPrivacy', string>
>;

/** The affiliate code from the address (?affiliateCode=), checked once (§4). */
type Affiliate =
  | { state: 'absent' }
  | { state: 'checking' }
  | { state: 'valid'; code: string }
  | {
      state: 'invalid';
      message: string;
    };

function addressParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name)?.trim() || null;
}

function inputType(field: RuleField): { type?: string; inputMode?: 'numeric' | 'email' | 'tel' } {
  if (field === 'email') return { type: 'email', inputMode: 'email' };
  if (field === 'mobileNum') return { type: 'tel', inputMode: 'numeric' };
  if (field === 'paymentPassword') return { type: 'password', inputMode: 'numeric' };
  if (field === 'qqNum' || field === 'whatsapp') return { inputMode: 'numeric' };
  return {};
}

/** Registration by username or by mobile (§4, §5), its fields and rules delivered by the server. */
type RegisterFormProps = {
  visitorDialingCode?: string | null | undefined;
  /** Called once the member is registered and logged in (the caller goes to /). */
  onRegistered: () => void;
};

export function RegisterForm({ visitorDialingCode, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation();
  const settings = useQuery(registrationSettingsQuery);
  if (settings.isPending) return <p className="auth-lead">{t('common.loading')}</p>;
  if (settings.isError)
    return (
      <div className="form">
        <FormMessage tone="error">{settings.error.message}</FormMessage>
        <button type="button" className="btn btn-secondary" onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  return (
    <RegisterFields
      settings={settings.data}
      visitorDialingCode={visitorDialingCode}
      onRegistered={onRegistered}
    />
  );
}

function RegisterFields({
  settings,
  visitorDialingCode,
  onRegistered,
}: RegisterFormProps & { settings: RegistrationSettings }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const both = settings.usernameRegistration && settings.mobileRegistration;
  const [byMobile, setByMobile] = useState(!settings.usernameRegistration && settings.mobileRegistration);
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [consents, setConsents] = useState({ acceptTerms: false, confirmAge: false, acceptPrivacy: false });
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const [dialingCode, setDialingCode] = useState(() =>
    initialDialingCode(settings.allowedDialingCodes, visitorDialingCode),
  );
  const [affiliate, setAffiliate] = useState<Affiliate>(() =>
    addressParam('affiliateCode') ? { state: 'checking' } : { state: 'absent' },
  );
  const rules = new Map(settings.rules.map((r) => [r.field, r]));
  const ruleOf = (field: RuleField) => rules.get(field);

  useEffect(() => {
    const code = addressParam('affiliateCode');
    if (!code) return;
    let live = true;
    checkAffiliate(code, window.location.hostname).then(
      (answer) => live && setAffiliate({ state: 'valid', code: answer.code }),
      (error: unknown) =>
        live &&
        setAffiliate({
          state: 'invalid',
          message: error instanceof ApiError ? error.message : t('auth.errors.invitationCode'),
        }),
    );
    return () => {
      live = false;
    };
  }, [t]);

  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const ruleError = (field: RuleField, rule: CheckedRule | undefined, forceShow = false) => {
    if (!rule) return undefined;
    const failure = checkRule(values[field], forceShow ? { ...rule, show: true } : rule);
    return failure ? ruleMessage(failure, language) : undefined;
  };
  const showsAffiliateInput = affiliate.state === 'absent' || affiliate.state === 'invalid';
  const mobileRule = ruleOf('mobileNum');
  const smsForUsername = settings.smsVerification && Boolean(mobileRule?.show);
  const mobilePasswords = settings.mobilePasswordRegistration;

  const mobileProblem = () =>
    !values.mobileNum.trim()
      ? t('auth.errors.mobileRequired')
      : validMobile(values.mobileNum, settings.rules)
        ? null
        : t('auth.errors.mobileInvalid');

  const validate = (): Errors => {
    const found: Errors = {};
    const passwordsShown = !byMobile || mobilePasswords;
    if (!byMobile) {
      for (const field of ['username', 'password', ...extraFields, 'captcha'] as const) {
        const error = ruleError(field, ruleOf(field));
        if (error) found[field] = error;
      }
      if (smsForUsername && !values.verificationCode.trim())
        found.verificationCode = t('auth.errors.codeRequired');
    } else {
      const problem = mobileProblem();
      if (problem) found.mobileNum = problem;
      if (!values.verificationCode.trim()) found.verificationCode = t('auth.errors.codeRequired');
      if (mobilePasswords) {
        const error = ruleError('password', ruleOf('password'));
        if (error) found.password = error;
      }
    }
    if (passwordsShown && values.confirmPassword !== values.password)
      found.confirmPassword = t('auth.errors.inconsistentTwice');
    if (showsAffiliateInput) {
      const rule = ruleOf('affiliateCode');
      const error = ruleError('affiliateCode', rule, true);
      if (error) found.affiliateCode = error;
    }
    if (!consents.acceptTerms) found.acceptTerms = t('auth.errors.consent');
    if (!consents.confirmAge) found.confirmAge = t('auth.errors.consent');
    if (!consents.acceptPrivacy) found.acceptPrivacy = t('auth.errors.consent');
    return found;
  };

  const submit = async () => {
    const found = validate();
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      // An affiliate code typed in is checked first (§4).
      let affiliateCode = affiliate.state === 'valid' ? affiliate.code : values.affiliateCode.trim();
      if (showsAffiliateInput && affiliateCode) {
        try {
          affiliateCode = (await checkAffiliate(affiliateCode, window.location.hostname)).code;
        } catch (error) {
          setErrors({
            affiliateCode: error instanceof ApiError ? error.message : t('auth.errors.invitationCode'),
          });
          return;
        }
      }
      const common = {
        ...(affiliateCode ? { affiliateCode } : {}),
        ...(addressParam('referralCode') ? { referralCode: addressParam('referralCode') ?? '' } : {}),
        domain: window.location.hostname,
        registerUrl: window.location.href.slice(0, 500),
        registerMethod: 'WEB' as const,
        login: true as const,
        // The age gate: a date of birth below the merchant's minimum age is refused (registration_under_age).
        ...(values.birthday ? { birthday: values.birthday } : {}),
        ...consents,
      };
      const challenge = await solvedChallenge();
      let value: Awaited<ReturnType<typeof register>>;
      if (byMobile) {
        value = await registerMobile({
          ...common,
          challenge,
          mobileNum: values.mobileNum.trim(),
          countryDialingCode: dialingCode,
          verificationCode: values.verificationCode.trim(),
          ...(mobilePasswords ? { password: values.password, confirmPassword: values.confirmPassword } : {}),
        });
      } else {
        const shown: Record<string, string> = {};
        for (const field of [...extraFields, 'captcha'] as const) {
          if (ruleOf(field)?.show && values[field].trim()) shown[field] = values[field].trim();
        }
        value = await register({
          ...common,
          ...shown,
          challenge,
          username: values.username.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
          ...(mobileRule?.show && values.mobileNum.trim() ? { countryDialingCode: dialingCode } : {}),
          ...(smsForUsername ? { verificationCode: values.verificationCode.trim() } : {}),
        });
      }
      if (value) {
        startSession(value);
        onRegistered();
      } else {
        openOverlay({ kind: 'login' });
      }
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = Array.isArray(error.body.fields)
          ? (error.body.fields as { field: string; message: string }[])
          : [];
        if (fields.length > 0) setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
        else if (error.field && error.field in emptyValues()) setErrors({ [error.field]: error.message });
        else setMessage(error.message);
      } else {
        setMessage(t('errors.network'));
      }
      setCaptchaGeneration((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const mobileField = (required: boolean) => (
    <FormField
      key="mobileNum"
      label={t('auth.fields.mobileNum')}
      value={values.mobileNum}
      onChange={set('mobileNum')}
      error={errors.mobileNum}
      required={required}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={mobileRule?.maxLength ?? 20}
      prefix={
        settings.countryCodePicker ? (
          <DialingCodePicker
            value={dialingCode}
            codes={settings.allowedDialingCodes}
            onChange={setDialingCode}
          />
        ) : undefined
      }
    />
  );
  const codeField = (
    <FormField
      label={t('auth.verificationCode')}
      value={values.verificationCode}
      onChange={set('verificationCode')}
      error={errors.verificationCode}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={255}
      addon={
        <SendCodeButton
          validate={mobileProblem}
          send={() => sendRegisterCode(values.mobileNum.trim(), dialingCode)}
          onError={(text) => setErrors((e) => ({ ...e, mobileNum: text }))}
        />
      }
    />
  );
  const passwordFields = (
    <>
      <FormField
        label={t('auth.password')}
        type="password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        required
        autoComplete="new-password"
        maxLength={ruleOf('password')?.maxLength ?? 255}
      />
      <FormField
        label={t('auth.confirmPassword')}
        type="password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
        required
        autoComplete="new-password"
        maxLength={ruleOf('password')?.maxLength ?? 255}
      />
    </>
  );

  return (
    <form
      className="form"
      noValidate
      aria-label={t('auth.registerForm')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {both ? (
        <div className="segmented" role="tablist" aria-label={t('auth.registerMethod')}>
          <button type="button" role="tab" aria-selected={!byMobile} onClick={() => setByMobile(false)}>
            {t('auth.byUsername')}
          </button>
          <button type="button" role="tab" aria-selected={byMobile} onClick={() => setByMobile(true)}>
            {t('auth.byMobile')}
          </button>
        </div>
      ) : null}
      <div className="auth-grid auth-grid--two">
        {byMobile ? (
          <>
            <div className="form-field--wide">{mobileField(true)}</div>
            <div className="form-field--wide">{codeField}</div>
            {mobilePasswords ? passwordFields : null}
          </>
        ) : (
          <>
            <div className="form-field--wide">
              <FormField
                label={t('auth.username')}
                value={values.username}
                onChange={set('username')}
                error={errors.username}
                required
                autoComplete="username"
                autoCapitalize="none"
                maxLength={ruleOf('username')?.maxLength ?? 64}
              />
            </div>
            {passwordFields}
            {extraFields.map((field) => {
              const rule = ruleOf(field);
              if (!rule?.show) return null;
              if (field === 'mobileNum')
                return (
                  <div key={field} className="form-field--wide">
                    {mobileField(rule.required)}
                  </div>
                );
              return (
                <FormField
                  key={field}
                  label={t(`auth.fields.${field}`)}
                  value={values[field]}
                  onChange={set(field)}
                  error={errors[field]}
                  required={rule.required}
                  maxLength={rule.maxLength}
                  autoComplete={field === 'email' ? 'email' : field === 'payeeName' ? 'name' : 'off'}
                  {...inputType(field)}
                />
              );
            })}
            {smsForUsername ? <div className="form-field--wide">{codeField}</div> : null}
          </>
        )}
        {showsAffiliateInput ? (
          <FormField
            label={t('auth.fields.affiliateCode')}
            value={values.affiliateCode}
            onChange={set('affiliateCode')}
            error={errors.affiliateCode ?? (affiliate.state === 'invalid' ? affiliate.message : undefined)}
            required={Boolean(ruleOf('affiliateCode')?.required)}
            autoCapitalize="characters"
            maxLength={ruleOf('affiliateCode')?.maxLength ?? 64}
          />
        ) : null}
        <FormField
          label={t('auth.fields.birthday')}
          type="date"
          value={values.birthday}
          onChange={set('birthday')}
          error={errors.birthday}
          hint={t('auth.birthdayHint', { age: settings.minimumAge })}
          max={new Date().toISOString().slice(0, 10)}
          min="1900-01-01"
        />
        {!byMobile && ruleOf('captcha')?.show ? (
          <div className="form-field--wide">
            <CaptchaField
              value={values.captcha}
              onChange={set('captcha')}
              error={errors.captcha}
              generation={captchaGeneration}
            />
          </div>
        ) : null}
      </div>
      {affiliate.state === 'valid' ? (
        <FormMessage tone="success">{t('auth.invitedBy', { code: affiliate.code })}</FormMessage>
      ) : null}
      {addressParam('referralCode') ? (
        <FormMessage tone="success">
          {t('auth.referredBy', { code: addressParam('referralCode')?.toUpperCase() })}
        </FormMessage>
      ) : null}
      <div className="auth-consents">
        <Checkbox
          checked={consents.acceptTerms}
          onChange={(v) => setConsents((c) => ({ ...c, acceptTerms: v }))}
          error={errors.acceptTerms}
        >
          {t('auth.consents.terms')}
        </Checkbox>
        <Checkbox
          checked={consents.confirmAge}
          onChange={(v) => setConsents((c) => ({ ...c, confirmAge: v }))}
          error={errors.confirmAge}
        >
          {t('auth.consents.age', { age: settings.minimumAge })}
        </Checkbox>
        <Checkbox
          checked={consents.acceptPrivacy}
          onChange={(v) => setConsents((c) => ({ ...c, acceptPrivacy: v }))}
          error={errors.acceptPrivacy}
        >
          {t('auth.consents.privacy')}
        </Checkbox>
      </div>
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-accent btn-large" disabled={busy} aria-busy={busy}>
          {busy ? t('auth.checking') : t('auth.createAccount')}
        </button>
      </div>
      <p className="auth-switch">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => openOverlay({ kind: 'login' })}>
          {t('common.login')}
        </button>
      </p>
    </form>
  );
}
