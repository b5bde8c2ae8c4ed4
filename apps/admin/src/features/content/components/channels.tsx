import type { ChannelsBody } from '@tala/contracts/content';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useDocument } from '../api/content.ts';
import { fieldError, LanguageTabs, setTranslation, useMerchantLanguages } from './shared.tsx';

type Service = ChannelsBody['customerService'][number];
type Resource = ChannelsBody['resources'][number];
const csTypes = ['LIVECHAT', 'TELEGRAM', 'VIP', 'FACEBOOK'] as const satisfies readonly Service['csType'][];
const resourceTypes = [
  'IOS',
  'ANDROID',
  'MOBILE_CONFIG',
  'FACEBOOK',
  'TWITTER',
  'INSTAGRAM',
  'YOUTUBE',
  'TELEGRAM',
] as const satisfies readonly Resource['resourceType'][];

/** Customer-service entries (getService), social links and app downloads, stored in the settings document. */
export function ChannelsEditor({ merchantCode }: { merchantCode: string }) {
  const { query } = useDocument<ChannelsBody>(merchantCode, 'channels');
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <ChannelsForm merchantCode={merchantCode} loaded={query.data} />;
}

function ChannelsForm({ merchantCode, loaded }: { merchantCode: string; loaded: ChannelsBody }) {
  const { t } = useTranslation();
  const { save } = useDocument<ChannelsBody>(merchantCode, 'channels');
  const languages = useMerchantLanguages(merchantCode);
  const [draft, setDraft] = useState(loaded);
  const dirty = JSON.stringify(draft) !== JSON.stringify(loaded);
  const setService = (index: number, change: Partial<Service>) =>
    setDraft((d) => ({
      ...d,
      customerService: d.customerService.map((s, i) => (i === index ? { ...s, ...change } : s)),
    }));
  const setResource = (index: number, change: Partial<Resource>) =>
    setDraft((d) => ({
      ...d,
      resources: d.resources.map((r, i) => (i === index ? { ...r, ...change } : r)),
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, { onSuccess: (saved) => setDraft(saved) });
  };
  const unused = resourceTypes.find((type) => !draft.resources.some((r) => r.resourceType === type));

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t('content.tabs.channels')}>
      {save.isError ? (
        <Notice tone="error">{t('settings.notSaved', { message: save.error.message })}</Notice>
      ) : null}
      {save.isSuccess && !dirty ? <Notice tone="success">{t('common.saved')}</Notice> : null}
      <section className="card section" aria-labelledby="cs-title">
        <header className="section-header">
          <h2 id="cs-title">{t('content.channels.service')}</h2>
          <p className="muted">{t('content.channels.serviceHelp')}</p>
        </header>
        {draft.customerService.map((s, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the position is the identity here
          <div key={index} className="stack item">
            <div className="grid-2">
              <Field
                label={t('content.channels.csType')}
                error={fieldError(save.error, `customerService.${index}.csType`)}
              >
                <select
                  className="input"
                  value={s.csType}
                  onChange={(event) => setService(index, { csType: event.target.value as Service['csType'] })}
                >
                  {csTypes.map((type) => (
                    <option key={type} value={type}>
                      {t(`content.channels.csTypes.${type}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                label={t('content.channels.path')}
                help={t('content.linkHelp')}
                error={fieldError(save.error, `customerService.${index}.path`)}
              >
                <input
                  className="input input-mono"
                  value={s.path}
                  onChange={(e) => setService(index, { path: e.target.value })}
                />
              </Field>
            </div>
            <LanguageTabs
              languages={languages}
              value={s.titles}
              render={(language) => (
                <Field
                  label={t('content.itemTitle')}
                  error={fieldError(save.error, `customerService.${index}.titles.${language}`)}
                >
                  <input
                    className="input"
                    maxLength={200}
                    value={s.titles[language] ?? ''}
                    onChange={(e) =>
                      setService(index, {
                        titles: setTranslation(s.titles, language, e.target.value, (v) => v.trim() === ''),
                      })
                    }
                  />
                </Field>
              )}
            />
            <div>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() =>
                  setDraft((d) => ({
                    ...d,
                    customerService: d.customerService.filter((_, i) => i !== index),
                  }))
                }
              >
                {t('common.delete')}
              </button>
            </div>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="button"
            onClick={() =>
              setDraft((d) => ({
                ...d,
                customerService: [
                  ...d.customerService,
                  { csType: 'LIVECHAT', titles: { EN: '' }, path: '/' },
                ],
              }))
            }
          >
            {t('content.channels.addService')}
          </button>
        </div>
      </section>
      <section className="card section" aria-labelledby="res-title">
        <header className="section-header">
          <h2 id="res-title">{t('content.channels.resources')}</h2>
          <p className="muted">{t('content.channels.resourcesHelp')}</p>
        </header>
        {draft.resources.map((r, index) => (
          <div key={r.resourceType} className="grid-2 item">
            <Field
              label={t('content.channels.resourceType')}
              error={fieldError(save.error, `resources.${index}.resourceType`)}
            >
              <select
                className="input"
                value={r.resourceType}
                onChange={(event) =>
                  setResource(index, { resourceType: event.target.value as Resource['resourceType'] })
                }
              >
                {resourceTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`content.channels.resourceTypes.${type}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label={t('content.channels.label')}
              error={fieldError(save.error, `resources.${index}.labelNameEn`)}
            >
              <input
                className="input"
                value={r.labelNameEn}
                onChange={(e) => setResource(index, { labelNameEn: e.target.value })}
              />
            </Field>
            <Field
              label={t('content.channels.url')}
              help={t('content.linkHelp')}
              error={fieldError(save.error, `resources.${index}.url`)}
            >
              <input
                className="input input-mono"
                value={r.url}
                onChange={(e) => setResource(index, { url: e.target.value })}
              />
            </Field>
            <Field
              label={t('content.channels.qr')}
              help={t('content.channels.qrHelp')}
              error={fieldError(save.error, `resources.${index}.qrCodeUrl`)}
            >
              <input
                className="input input-mono"
                value={r.qrCodeUrl ?? ''}
                onChange={(e) =>
                  setResource(index, { qrCodeUrl: e.target.value.trim() === '' ? null : e.target.value })
                }
              />
            </Field>
            <div>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() =>
                  setDraft((d) => ({ ...d, resources: d.resources.filter((_, i) => i !== index) }))
                }
              >
                {t('common.delete')}
              </button>
            </div>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="button"
            disabled={!unused}
            onClick={() =>
              unused &&
              setDraft((d) => ({
                ...d,
                resources: [
                  ...d.resources,
                  { resourceType: unused, url: '', qrCodeUrl: null, labelNameEn: '' },
                ],
              }))
            }
          >
            {t('content.channels.addResource')}
          </button>
        </div>
      </section>
      <div className="item-actions">
        <button type="submit" className="button button-primary" disabled={!dirty || save.isPending}>
          {save.isPending ? t('common.saving') : t('common.save')}
        </button>
        <button type="button" className="button" disabled={!dirty} onClick={() => setDraft(loaded)}>
          {t('settings.discard')}
        </button>
      </div>
    </form>
  );
}
