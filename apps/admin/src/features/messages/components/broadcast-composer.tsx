import {
  BROADCAST_BODY_MAX,
  BROADCAST_TITLE_MAX,
  BROADCAST_USERNAMES_MAX,
  type BroadcastFormat,
  type BroadcastSegmentKind,
  broadcastSegmentKinds,
  VIP_RANK_MAX,
} from '@tala/contracts/broadcasts';
import type { LanguageCode } from '@tala/contracts/languages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { localInputToIso, localTimeZone } from '../../../lib/datetime.ts';
import { RichTextPreview } from '../../content/components/rich-text.tsx';
import { useSettings } from '../../settings/api/get-settings.ts';
import { type BroadcastSegmentInput, usePreviewSegment, useSendBroadcast } from '../api/broadcasts.ts';

const ranks = Array.from({ length: VIP_RANK_MAX + 1 }, (_, rank) => rank);
type Texts = Partial<Record<LanguageCode, { title: string; body: string }>>;

/** Pasted usernames: one per line, or separated by commas, semicolons or spaces. */
export function parseUsernames(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((name) => name.length > 0))];
}

/**
 * The composer: who gets it (all, VIP ranks, an agent's line, pasted usernames), the title and text per language of
 * the site, format, schedule and expiry, the recipient count before sending, and a preview as the member sees it.
 */
export function BroadcastComposer({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const settings = useSettings(merchantCode);
  const whitelabel = settings.data?.settings.whitelabel;
  const languages: LanguageCode[] = whitelabel?.supportedLanguages ?? ['EN'];
  const [kind, setKind] = useState<BroadcastSegmentKind>('all');
  const [chosenRanks, setChosenRanks] = useState<number[]>([]);
  const [agent, setAgent] = useState('');
  const [usernames, setUsernames] = useState('');
  const [format, setFormat] = useState<BroadcastFormat>('text');
  const [texts, setTexts] = useState<Texts>({});
  const [scheduledAt, setScheduledAt] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [previewLanguage, setPreviewLanguage] = useState<LanguageCode | null>(null);
  const preview = usePreviewSegment(merchantCode);
  const send = useSendBroadcast(merchantCode);

  const segment = (): BroadcastSegmentInput => {
    if (kind === 'ranks') return { kind, ranks: chosenRanks };
    if (kind === 'agent_line') return { kind, agent };
    if (kind === 'usernames') return { kind, usernames: parseUsernames(usernames) };
    return { kind };
  };
  const resetCount = () => preview.reset();
  const setText = (language: LanguageCode, part: 'title' | 'body', value: string) =>
    setTexts({ ...texts, [language]: { title: '', body: '', ...texts[language], [part]: value } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      {
        segment: segment(),
        texts,
        format,
        scheduledAt: scheduledAt ? localInputToIso(scheduledAt) : null,
        expiresAt: expiresAt ? localInputToIso(expiresAt) : null,
      },
      {
        onSuccess: () => {
          setTexts({});
          setScheduledAt('');
          setExpiresAt('');
          preview.reset();
        },
      },
    );
  };

  const errorField = send.error instanceof ApiError ? send.error.field : undefined;
  const errorOf = (field: string) => (errorField === field ? send.error?.message : undefined);
  const shown = previewLanguage ?? languages[0] ?? 'EN';
  const shownText = texts[shown];
  const unknown =
    send.error instanceof ApiError && Array.isArray(send.error.details.unknownUsernames)
      ? (send.error.details.unknownUsernames as string[])
      : (preview.data?.unknownUsernames ?? []);

  return (
    <form
      className="card section stack broadcast-form"
      onSubmit={submit}
      aria-label={t('broadcasts.compose')}
    >
      <h2>{t('broadcasts.compose')}</h2>
      <fieldset className="stack">
        <legend>{t('broadcasts.segment')}</legend>
        <div className="radios">
          {broadcastSegmentKinds.map((k) => (
            <label key={k} className="radio">
              <input
                type="radio"
                name="segment-kind"
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  resetCount();
                }}
              />
              {t(`broadcasts.kinds.${k}`)}
            </label>
          ))}
        </div>
        {kind === 'ranks' ? (
          <fieldset>
            <legend>{t('broadcasts.ranks')}</legend>
            <p className="muted">{t('broadcasts.ranksHelp')}</p>
            <div className="checks">
              {ranks.map((rank) => (
                <label key={rank} className="check">
                  <input
                    type="checkbox"
                    checked={chosenRanks.includes(rank)}
                    onChange={(e) => {
                      setChosenRanks(
                        e.target.checked ? [...chosenRanks, rank] : chosenRanks.filter((r) => r !== rank),
                      );
                      resetCount();
                    }}
                  />
                  {t('broadcasts.rank', { rank })}
                </label>
              ))}
            </div>
            {errorOf('segment.ranks') ? <p className="field-error">{errorOf('segment.ranks')}</p> : null}
          </fieldset>
        ) : null}
        {kind === 'agent_line' ? (
          <Field
            label={t('broadcasts.agent')}
            help={t('broadcasts.agentHelp')}
            error={errorOf('segment.agent')}
          >
            <input
              className="input"
              value={agent}
              maxLength={32}
              onChange={(e) => {
                setAgent(e.target.value);
                resetCount();
              }}
            />
          </Field>
        ) : null}
        {kind === 'usernames' ? (
          <Field
            label={t('broadcasts.usernames')}
            help={`${t('broadcasts.usernamesHelp', { max: BROADCAST_USERNAMES_MAX })} ${t('broadcasts.usernameCount', { count: parseUsernames(usernames).length })}`}
            error={errorOf('segment.usernames')}
          >
            <textarea
              className="input input-mono"
              rows={5}
              value={usernames}
              onChange={(e) => {
                setUsernames(e.target.value);
                resetCount();
              }}
            />
          </Field>
        ) : null}
        <div className="inline-field">
          <button
            type="button"
            className="button"
            disabled={preview.isPending}
            onClick={() => preview.mutate(segment())}
          >
            {t('broadcasts.count')}
          </button>
          {preview.data ? (
            <output aria-live="polite">
              {t('broadcasts.recipients', { count: preview.data.recipients })}
            </output>
          ) : null}
        </div>
        {preview.isError ? <Notice tone="error">{preview.error.message}</Notice> : null}
        {unknown.length > 0 ? (
          <Notice tone="warning">{t('broadcasts.unknown', { names: unknown.join(', ') })}</Notice>
        ) : null}
      </fieldset>

      <Field label={t('broadcasts.format')}>
        <select
          className="input"
          value={format}
          onChange={(e) => setFormat(e.target.value as BroadcastFormat)}
        >
          <option value="text">{t('broadcasts.formats.text')}</option>
          <option value="html">{t('broadcasts.formats.html')}</option>
        </select>
      </Field>
      {languages.map((language) => (
        <fieldset key={language} className="stack">
          <legend>{language}</legend>
          <Field
            label={t('broadcasts.titleField', { language })}
            error={errorOf(`texts.${language}.title`) ?? errorOf(`texts.${language}`)}
          >
            <input
              className="input"
              value={texts[language]?.title ?? ''}
              maxLength={BROADCAST_TITLE_MAX}
              onChange={(e) => setText(language, 'title', e.target.value)}
            />
          </Field>
          <Field label={t('broadcasts.bodyField', { language })} error={errorOf(`texts.${language}.body`)}>
            <textarea
              className="input"
              rows={5}
              maxLength={BROADCAST_BODY_MAX}
              value={texts[language]?.body ?? ''}
              onChange={(e) => setText(language, 'body', e.target.value)}
            />
          </Field>
        </fieldset>
      ))}
      <div className="filters">
        <Field
          label={t('broadcasts.scheduledAt')}
          help={t('broadcasts.scheduledHelp', { zone: localTimeZone() })}
          error={errorOf('scheduledAt')}
        >
          <input
            className="input"
            type="datetime-local"
            value={scheduledAt}
            onChange={(e) => setScheduledAt(e.target.value)}
          />
        </Field>
        <Field
          label={t('broadcasts.expiresAt')}
          help={t('broadcasts.expiresHelp')}
          error={errorOf('expiresAt')}
        >
          <input
            className="input"
            type="datetime-local"
            value={expiresAt}
            onChange={(e) => setExpiresAt(e.target.value)}
          />
        </Field>
      </div>

      <section className="stack" aria-label={t('broadcasts.preview')}>
        <h3>{t('broadcasts.preview')}</h3>
        {languages.length > 1 ? (
          <Field label={t('broadcasts.previewLanguage')}>
            <select
              className="input"
              value={shown}
              onChange={(e) => setPreviewLanguage(e.target.value as LanguageCode)}
            >
              {languages.map((language) => (
                <option key={language} value={language}>
                  {language}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {shownText?.title || shownText?.body ? (
          <div className="broadcast-preview">
            <strong>{shownText.title}</strong>
            {format === 'html' ? (
              <RichTextPreview html={shownText.body} title={t('broadcasts.preview')} />
            ) : (
              <p className="broadcast-preview-body">{shownText.body}</p>
            )}
          </div>
        ) : (
          <p className="muted">{t('broadcasts.previewEmpty')}</p>
        )}
      </section>

      {send.isError ? <Notice tone="error">{send.error.message}</Notice> : null}
      {send.isSuccess ? (
        <Notice tone="success">
          {send.data.status === 'scheduled'
            ? t('broadcasts.scheduled')
            : t('broadcasts.sent', { count: send.data.recipients })}
        </Notice>
      ) : null}
      <div>
        <button type="submit" className="button button-primary" disabled={send.isPending}>
          {scheduledAt ? t('broadcasts.schedule') : t('broadcasts.send')}
        </button>
      </div>
    </form>
  );
}
