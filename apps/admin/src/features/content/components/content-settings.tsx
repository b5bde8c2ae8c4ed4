import type { ContentSettings } from '@tala/contracts/content';
import type { LanguageCode } from '@tala/contracts/languages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useDocument } from '../api/content.ts';
import { fieldError, LanguageTabs, setTranslation, useMerchantLanguages } from './shared.tsx';

type FooterLink = ContentSettings['footer']['helpLinks'][number];
const integer = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The merchant's content settings document: `part` chooses what this tab edits (footer links, or the feedback
 * word bounds and the chat greeting); a save sends the whole document back.
 */
export function ContentSettingsEditor({
  merchantCode,
  part,
}: {
  merchantCode: string;
  part: 'footer' | 'support';
}) {
  const { query } = useDocument<ContentSettings>(merchantCode, 'content-settings');
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <SettingsForm merchantCode={merchantCode} loaded={query.data} part={part} />;
}

function SettingsForm({
  merchantCode,
  loaded,
  part,
}: {
  merchantCode: string;
  loaded: ContentSettings;
  part: 'footer' | 'support';
}) {
  const { t } = useTranslation();
  const languages = useMerchantLanguages(merchantCode);
  const { save } = useDocument<ContentSettings>(merchantCode, 'content-settings');
  const [draft, setDraft] = useState(loaded);
  const dirty = JSON.stringify(draft) !== JSON.stringify(loaded);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, { onSuccess: (saved) => setDraft(saved) });
  };

  const linkList = (key: 'helpLinks' | 'products') => {
    const links = draft.footer[key];
    const setLinks = (next: FooterLink[]) =>
      setDraft((d) => ({ ...d, footer: { ...d.footer, [key]: next } }));
    return (
      <fieldset className="group">
        <legend className="field-label">{t(`content.footer.${key}`)}</legend>
        {links.length === 0 ? <p className="muted">{t('common.none')}</p> : null}
        {links.map((link, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: links have no id; the position is the identity here
          <div key={index} className="card stack">
            <LanguageTabs
              languages={languages}
              value={link.titles}
              render={(language: LanguageCode) => (
                <Field
                  label={t('content.footer.linkTitle')}
                  error={fieldError(save.error, `footer.${key}.${index}.titles.${language}`)}
                >
                  <input
                    className="input"
                    maxLength={60}
                    value={link.titles[language] ?? ''}
                    onChange={(event) =>
                      setLinks(
                        links.map((l, i) =>
                          i === index
                            ? {
                                ...l,
                                titles: setTranslation(
                                  l.titles,
                                  language,
                                  event.target.value,
                                  (v) => v.trim() === '',
                                ),
                              }
                            : l,
                        ),
                      )
                    }
                  />
                </Field>
              )}
            />
            <Field
              label={t('content.footer.path')}
              help={t('content.linkHelp')}
              error={fieldError(save.error, `footer.${key}.${index}.path`)}
            >
              <input
                className="input input-mono"
                value={link.path}
                onChange={(event) =>
                  setLinks(links.map((l, i) => (i === index ? { ...l, path: event.target.value } : l)))
                }
              />
            </Field>
            <div>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => setLinks(links.filter((_, i) => i !== index))}
              >
                {t('content.footer.removeLink')}
              </button>
            </div>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="button"
            onClick={() => setLinks([...links, { titles: { EN: '' }, path: '/' }])}
          >
            {t('content.footer.addLink')}
          </button>
        </div>
      </fieldset>
    );
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-label={t(`content.tabs.${part}`)}>
      {save.isError ? (
        <Notice tone="error">{t('settings.notSaved', { message: save.error.message })}</Notice>
      ) : null}
      {save.isSuccess && !dirty ? <Notice tone="success">{t('common.saved')}</Notice> : null}
      {part === 'footer' ? (
        <>
          <h2>{t('content.footer.title')}</h2>
          {linkList('helpLinks')}
          {linkList('products')}
        </>
      ) : (
        <>
          <h2>{t('content.supportSettings.title')}</h2>
          <div className="grid-2">
            <Field
              label={t('content.supportSettings.minWords')}
              error={fieldError(save.error, 'feedback.minWords')}
            >
              <input
                className="input"
                type="number"
                min={1}
                value={Number.isNaN(draft.feedback.minWords) ? '' : draft.feedback.minWords}
                onChange={(event) =>
                  setDraft((d) => ({
                    ...d,
                    feedback: { ...d.feedback, minWords: integer(event.target.value) },
                  }))
                }
              />
            </Field>
            <Field
              label={t('content.supportSettings.maxWords')}
              error={fieldError(save.error, 'feedback.maxWords')}
            >
              <input
                className="input"
                type="number"
                min={1}
                value={Number.isNaN(draft.feedback.maxWords) ? '' : draft.feedback.maxWords}
                onChange={(event) =>
                  setDraft((d) => ({
                    ...d,
                    feedback: { ...d.feedback, maxWords: integer(event.target.value) },
                  }))
                }
              />
            </Field>
          </div>
          <LanguageTabs
            languages={languages}
            value={draft.chat.greeting}
            render={(language) => (
              <Field
                label={t('content.supportSettings.greeting')}
                help={t('content.supportSettings.greetingHelp')}
                error={fieldError(save.error, `chat.greeting.${language}`)}
              >
                <textarea
                  className="input"
                  rows={2}
                  maxLength={300}
                  value={draft.chat.greeting[language] ?? ''}
                  onChange={(event) =>
                    setDraft((d) => ({
                      ...d,
                      chat: {
                        greeting: setTranslation(
                          d.chat.greeting,
                          language,
                          event.target.value,
                          (v) => v.trim() === '',
                        ),
                      },
                    }))
                  }
                />
              </Field>
            )}
          />
        </>
      )}
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
