import '../../../components/content-form.css';
import './join.css';
import { affiliateContactTypes, affiliateTrafficSources } from '@tala/contracts/content';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  type Application,
  type ContactType,
  submitApplication,
  type TrafficSource,
} from '../api/submit-application.ts';

const perks: { key: 'commission' | 'payouts' | 'support' | 'tools'; icon: IconName }[] = [
  { key: 'commission', icon: 'chart' },
  { key: 'payouts', icon: 'wallet' },
  { key: 'support', icon: 'headset' },
  { key: 'tools', icon: 'tools' },
];

type Field = 'name' | 'email' | 'mobile' | 'contactId' | 'website' | 'message';
type Problem = 'name' | 'email' | 'mobile' | 'required' | 'website' | 'message' | 'server';
const empty = { name: '', email: '', mobile: '', contactId: '', website: '', message: '' };

/** What the server would refuse, checked first so the visitor sees it at once (the server checks again). */
function problems(values: typeof empty): Partial<Record<Field, Problem>> {
  const found: Partial<Record<Field, Problem>> = {};
  if (values.name.trim().length < 2) found.name = 'name';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) found.email = 'email';
  if (!/^\+?[0-9 -]{6,20}$/.test(values.mobile.trim())) found.mobile = 'mobile';
  if (!values.contactId.trim()) found.contactId = 'required';
  const website = values.website.trim();
  if (website && !/^(https?:\/\/[^\s/]+\.[^\s]+|\/(?![/\\])\S*)$/i.test(website)) found.website = 'website';
  if (values.message.length > 1000) found.message = 'message';
  return found;
}

/** /join: the affiliate programme and its application form, which lands in the back office. */
export function JoinPage({ brandName }: { brandName: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState(empty);
  const [contactType, setContactType] = useState<ContactType>('telegram');
  const [trafficSource, setTrafficSource] = useState<TrafficSource>('social');
  const [errors, setErrors] = useState<Partial<Record<Field, Problem>>>({});
  const send = useMutation({ mutationFn: (body: Application) => submitApplication(body) });

  const field = (name: Field, type = 'text', autoComplete?: string) => {
    const error = errors[name];
    const input = {
      id: `${id}-${name}`,
      className: 'cform__input',
      value: values[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
      onChange: (event: { target: { value: string } }) =>
        setValues((v) => ({ ...v, [name]: event.target.value })),
    };
    return (
      <div
        className={`cform__field${name === 'message' ? ' cform__field--wide' : ''}${error ? ' cform__field--invalid' : ''}`}
      >
        <label className="cform__label" htmlFor={input.id}>
          {t(`join.fields.${name}`)}
        </label>
        {name === 'message' ? (
          <textarea {...input} maxLength={1000} />
        ) : (
          <input {...input} type={type} autoComplete={autoComplete} />
        )}
        {error ? (
          <span id={`${id}-${name}-error`} className="cform__error">
            {t(`join.errors.${error}`)}
          </span>
        ) : null}
      </div>
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problems(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        mobile: values.mobile.trim(),
        contactType,
        contactId: values.contactId.trim(),
        trafficSource,
        website: values.website.trim() || null,
        message: values.message.trim(),
      },
      {
        onSuccess: () => setValues(empty),
        onError: (error) => {
          if (error instanceof ApiError && error.field && error.field in empty)
            setErrors({ [error.field]: error.field === 'website' ? 'website' : 'server' });
        },
      },
    );
  };

  return (
    <div className="join">
      <section className="join__intro" aria-labelledby="join-intro">
        <h2 id="join-intro" className="join__title">
          {t('join.headline', { brand: brandName })}
        </h2>
        <p className="join__line">{t('join.line')}</p>
        <ul className="join__perks">
          {perks.map((perk) => (
            <li key={perk.key} className="join__perk">
              <span className="join__perk-icon">
                <Icon name={perk.icon} size={22} />
              </span>
              <span>
                <strong>{t(`join.perks.${perk.key}.title`)}</strong>
                <span className="join__perk-line">{t(`join.perks.${perk.key}.line`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="join__form" aria-labelledby="join-form">
        <h2 id="join-form" className="join__form-title">
          {t('join.formTitle')}
        </h2>
        {send.isSuccess ? (
          <p className="cform__success" role="status">
            {t('join.sent', { id: send.data.id })}
          </p>
        ) : null}
        <form className="cform" onSubmit={submit} noValidate aria-label={t('join.formTitle')}>
          <div className="cform__grid">
            {field('name', 'text', 'name')}
            {field('email', 'email', 'email')}
            {field('mobile', 'tel', 'tel')}
            <div className="cform__field">
              <label className="cform__label" htmlFor={`${id}-contactType`}>
                {t('join.fields.contactType')}
              </label>
              <select
                id={`${id}-contactType`}
                className="cform__input"
                value={contactType}
                onChange={(event) => setContactType(event.target.value as ContactType)}
              >
                {affiliateContactTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`join.contactTypes.${type}`)}
                  </option>
                ))}
              </select>
            </div>
            {field('contactId')}
            <div className="cform__field">
              <label className="cform__label" htmlFor={`${id}-traffic`}>
                {t('join.fields.trafficSource')}
              </label>
              <select
                id={`${id}-traffic`}
                className="cform__input"
                value={trafficSource}
                onChange={(event) => setTrafficSource(event.target.value as TrafficSource)}
              >
                {affiliateTrafficSources.map((source) => (
                  <option key={source} value={source}>
                    {t(`join.trafficSources.${source}`)}
                  </option>
                ))}
              </select>
            </div>
            {field('website', 'url', 'url')}
            {field('message')}
          </div>
          {send.isError ? (
            <p className="cform__alert" role="alert">
              {send.error.message}
            </p>
          ) : null}
          <div className="cform__actions">
            <button type="submit" className="btn btn-primary" disabled={send.isPending}>
              {send.isPending ? t('join.sending') : t('join.submit')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
