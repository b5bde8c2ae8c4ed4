import { languageCodes, languageNames } from '@tala/contracts/language-codes';
import type { ModuleFlags } from '@tala/contracts/merchant-settings';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Switch } from '../../../components/switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type NewMerchant, useCreateMerchant } from '../api/platform-merchants.ts';

const productTypes = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'PVP'] as const;
const moduleNames: (keyof ModuleFlags)[] = [
  'usernameRegistration',
  'mobileRegistration',
  'mobilePasswordRegistration',
  'registrationSms',
  'freePlay',
  'forcedPasswordExpiry',
  'loginByCode',
  'forgotPasswordByPhone',
  'countryCodePicker',
  'loginRequiredForHome',
];
const defaultModules: ModuleFlags = {
  usernameRegistration: true,
  mobileRegistration: true,
  mobilePasswordRegistration: false,
  registrationSms: false,
  freePlay: true,
  forcedPasswordExpiry: false,
  loginByCode: true,
  forgotPasswordByPhone: true,
  countryCodePicker: true,
  loginRequiredForHome: false,
};

const blank = {
  code: '',
  brandName: '',
  logoUrl: '/brand/tala.svg',
  faviconUrl: '',
  appIconUrl: '',
  primaryColour: '#0f766e',
  accentColour: '#f59e0b',
  domains: '',
  defaultLanguage: 'EN',
  supportedLanguages: ['EN', 'TY'] as string[],
  timeZone: 'Asia/Manila',
  currency: 'PHP',
  licenceText: '',
  vendors: '',
  products: [...productTypes] as string[],
  modules: { ...defaultModules },
  demoContent: false,
};

/** Creates a merchant with every field of issue 19 item 1; the server's refusal is shown beside its field. */
export function CreateMerchantForm() {
  const { t } = useTranslation();
  const create = useCreateMerchant();
  const [form, setForm] = useState(blank);
  const set = <K extends keyof typeof blank>(key: K, value: (typeof blank)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const error = create.error instanceof ApiError ? create.error : null;
  const errorFor = (...fields: string[]) =>
    error?.field && fields.some((f) => error.field === f || error.field?.startsWith(`${f}.`))
      ? error.errorCode === 'validation_failed'
        ? t('errors.fieldInvalid')
        : error.message
      : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const vendors = form.vendors
      .split(',')
      .map((v) => v.trim().toUpperCase())
      .filter(Boolean);
    const body: NewMerchant = {
      code: form.code.trim(),
      brand: {
        name: form.brandName,
        logoUrl: form.logoUrl,
        primaryColour: form.primaryColour,
        accentColour: form.accentColour,
        faviconUrl: form.faviconUrl.trim() || null,
        appIconUrl: form.appIconUrl.trim() || null,
      },
      domains: form.domains
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter(Boolean),
      defaultLanguage: form.defaultLanguage,
      supportedLanguages: form.supportedLanguages,
      timeZone: form.timeZone.trim(),
      currency: form.currency.trim().toUpperCase(),
      licenceText: form.licenceText,
      modules: form.modules,
      ...(vendors.length ? { vendors } : {}),
      products: form.products as NewMerchant['products'] & string[],
      demoContent: form.demoContent,
    };
    create.mutate(body, { onSuccess: () => setForm(blank) });
  }

  return (
    <form className="card stack" onSubmit={submit} noValidate>
      <h2>{t('merchantsAdmin.create')}</h2>
      {create.isError ? <Notice tone="error">{create.error.message}</Notice> : null}
      {create.isSuccess ? (
        <Notice tone="success">
          {t('merchantsAdmin.createdMessage', {
            code: create.data.code,
            domain: create.data.domains[0] ?? '',
          })}
        </Notice>
      ) : null}
      <div className="grid-3">
        <Field label={t('merchantsAdmin.code')} help={t('merchantsAdmin.codeHelp')} error={errorFor('code')}>
          <input
            className="input"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            value={form.code}
            onChange={(e) => set('code', e.target.value)}
          />
        </Field>
        <Field label={t('merchantsAdmin.brandName')} error={errorFor('brand.name')}>
          <input
            className="input"
            maxLength={60}
            value={form.brandName}
            onChange={(e) => set('brandName', e.target.value)}
          />
        </Field>
        <Field
          label={t('merchantsAdmin.logoUrl')}
          help={t('merchantsAdmin.pathHelp')}
          error={errorFor('brand.logoUrl')}
        >
          <input className="input" value={form.logoUrl} onChange={(e) => set('logoUrl', e.target.value)} />
        </Field>
        <Field label={t('merchantsAdmin.faviconUrl')} error={errorFor('brand.faviconUrl')}>
          <input
            className="input"
            value={form.faviconUrl}
            onChange={(e) => set('faviconUrl', e.target.value)}
          />
        </Field>
        <Field label={t('merchantsAdmin.appIconUrl')} error={errorFor('brand.appIconUrl')}>
          <input
            className="input"
            value={form.appIconUrl}
            onChange={(e) => set('appIconUrl', e.target.value)}
          />
        </Field>
        <Field label={t('merchantsAdmin.primaryColour')} error={errorFor('brand.primaryColour')}>
          <input
            className="input"
            type="color"
            value={form.primaryColour}
            onChange={(e) => set('primaryColour', e.target.value)}
          />
        </Field>
        <Field label={t('merchantsAdmin.accentColour')} error={errorFor('brand.accentColour')}>
          <input
            className="input"
            type="color"
            value={form.accentColour}
            onChange={(e) => set('accentColour', e.target.value)}
          />
        </Field>
        <Field
          label={t('merchantsAdmin.domainsLabel')}
          help={t('merchantsAdmin.domainsHelp')}
          error={errorFor('domains')}
        >
          <textarea
            className="input"
            rows={3}
            autoCapitalize="none"
            spellCheck={false}
            value={form.domains}
            onChange={(e) => set('domains', e.target.value)}
          />
        </Field>
        <Field
          label={t('merchantsAdmin.timeZone')}
          help={t('merchantsAdmin.timeZoneHelp')}
          error={errorFor('timeZone')}
        >
          <input className="input" value={form.timeZone} onChange={(e) => set('timeZone', e.target.value)} />
        </Field>
        <Field
          label={t('merchantsAdmin.currency')}
          help={t('merchantsAdmin.currencyHelp')}
          error={errorFor('currency')}
        >
          <input
            className="input"
            maxLength={3}
            autoCapitalize="characters"
            value={form.currency}
            onChange={(e) => set('currency', e.target.value)}
          />
        </Field>
        <Field label={t('merchantsAdmin.defaultLanguage')} error={errorFor('defaultLanguage')}>
          <select
            className="input"
            value={form.defaultLanguage}
            onChange={(e) => set('defaultLanguage', e.target.value)}
          >
            {form.supportedLanguages.map((code) => (
              <option key={code} value={code}>
                {languageNames[code as keyof typeof languageNames] ?? code}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className="group">
        <legend className="field-label">{t('merchantsAdmin.supportedLanguages')}</legend>
        {errorFor('supportedLanguages') ? (
          <p className="field-error">{errorFor('supportedLanguages')}</p>
        ) : null}
        <div className="checks">
          {languageCodes.map((code) => {
            const checked = form.supportedLanguages.includes(code);
            return (
              <label key={code} className="check">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={checked && form.supportedLanguages.length === 1}
                  onChange={(e) => {
                    const next = languageCodes.filter((c) =>
                      c === code ? e.target.checked : form.supportedLanguages.includes(c),
                    );
                    setForm((f) => ({
                      ...f,
                      supportedLanguages: next,
                      defaultLanguage: next.includes(f.defaultLanguage as never)
                        ? f.defaultLanguage
                        : (next[0] ?? 'EN'),
                    }));
                  }}
                />
                <span>{languageNames[code]}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <Field
        label={t('merchantsAdmin.licenceText')}
        help={t('merchantsAdmin.licenceTextHelp')}
        error={errorFor('licenceText')}
      >
        <textarea
          className="input"
          rows={3}
          maxLength={2000}
          value={form.licenceText}
          onChange={(e) => set('licenceText', e.target.value)}
        />
      </Field>
      <fieldset className="group">
        <legend className="field-label">{t('merchantsAdmin.products')}</legend>
        <div className="checks">
          {productTypes.map((type) => (
            <label key={type} className="check">
              <input
                type="checkbox"
                checked={form.products.includes(type)}
                onChange={(e) =>
                  set(
                    'products',
                    productTypes.filter((p) => (p === type ? e.target.checked : form.products.includes(p))),
                  )
                }
              />
              <span>{type}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={t('merchantsAdmin.vendors')}
        help={t('merchantsAdmin.vendorsHelp')}
        error={errorFor('vendors')}
      >
        <input
          className="input"
          autoCapitalize="characters"
          value={form.vendors}
          onChange={(e) => set('vendors', e.target.value)}
        />
      </Field>
      <fieldset className="group">
        <legend className="field-label">{t('merchantsAdmin.modules')}</legend>
        {moduleNames.map((name) => (
          <Switch
            key={name}
            label={t(`settings.modules.${name}.label` as never)}
            checked={form.modules[name]}
            onChange={(on) => set('modules', { ...form.modules, [name]: on })}
          />
        ))}
      </fieldset>
      <Switch
        label={t('merchantsAdmin.demoContent')}
        help={t('merchantsAdmin.demoContentHelp')}
        checked={form.demoContent}
        onChange={(on) => set('demoContent', on)}
      />
      <div>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t('merchantsAdmin.submit')}
        </button>
      </div>
    </form>
  );
}
