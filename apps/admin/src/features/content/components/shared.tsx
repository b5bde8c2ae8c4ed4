import {
  type LanguageCode,
  languageCodes,
  languageNames,
  type Translations,
} from '@tala/contracts/language-codes';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { isoToLocalInput, localInputToIso, localTimeZone } from '../../../lib/datetime.ts';
import { useSettings } from '../../settings/api/get-settings.ts';
import { type UploadedImage, uploadImage } from '../api/content.ts';

export type { Translations };

const allLanguages = languageCodes;

/** The languages the merchant's site offers, English first (the fallback of every other). */
export function useMerchantLanguages(code: string): LanguageCode[] {
  const settings = useSettings(code);
  const offered = settings.data?.settings.whitelabel.supportedLanguages ?? allLanguages;
  return ['EN', ...offered.filter((l) => l !== 'EN')];
}

/**
 * Per-language editing: a button per language (marked when it has its own text) and the editor of the chosen one.
 * English is required; another language left empty falls back to English on the site.
 */
export function LanguageTabs<T>({
  languages,
  value,
  render,
  error,
}: {
  languages: LanguageCode[];
  value: Translations<T>;
  render: (language: LanguageCode) => ReactNode;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<LanguageCode>('EN');
  return (
    <fieldset className="group">
      <legend className="field-label">{t('common.language')}</legend>
      <div className="lang-tabs">
        {languages.map((code) => (
          <button
            key={code}
            type="button"
            className="button button-small lang-tab"
            aria-pressed={language === code}
            onClick={() => setLanguage(code)}
          >
            {languageNames[code]}
            {value[code] !== undefined ? ' ✓' : ''}
          </button>
        ))}
      </div>
      <p className="field-help">{language === 'EN' ? t('common.enRequired') : t('common.fallbackEn')}</p>
      {error ? <p className="field-error">{error}</p> : null}
      <div key={language} className="stack">
        {render(language)}
      </div>
    </fieldset>
  );
}

/** Sets a language's entry; a non-English entry that is empty is removed, so the site falls back to English. */
export function setTranslation<T>(
  map: Translations<T>,
  language: LanguageCode,
  value: T | undefined,
  isEmpty: (value: T) => boolean,
): Translations<T> {
  const next = { ...map };
  if (value === undefined || (language !== 'EN' && isEmpty(value))) delete next[language];
  else next[language] = value;
  return next;
}

/** The server's refusal of a save, as the message for a field path (`texts.EN.title`) or anything inside it. */
export function fieldError(error: unknown, path: string): string | undefined {
  if (!(error instanceof ApiError) || !error.field) return undefined;
  if (error.field !== path && !error.field.startsWith(`${path}.`)) return undefined;
  return error.message;
}

/** Start and end of a schedule as local date-time inputs; empty means no limit. */
export function ScheduleFields({
  startsAt,
  endsAt,
  onChange,
  error,
}: {
  startsAt: string | null;
  endsAt: string | null;
  onChange: (schedule: { startsAt: string | null; endsAt: string | null }) => void;
  error: unknown;
}) {
  const { t } = useTranslation();
  const help = t('common.scheduleHelp', { zone: localTimeZone() });
  return (
    <div className="grid-2">
      <Field label={t('common.startsAt')} help={help} error={fieldError(error, 'startsAt')}>
        <input
          className="input"
          type="datetime-local"
          value={isoToLocalInput(startsAt)}
          onChange={(event) => onChange({ startsAt: localInputToIso(event.target.value), endsAt })}
        />
      </Field>
      <Field label={t('common.endsAt')} help={help} error={fieldError(error, 'endsAt')}>
        <input
          className="input"
          type="datetime-local"
          value={isoToLocalInput(endsAt)}
          onChange={(event) => onChange({ startsAt, endsAt: localInputToIso(event.target.value) })}
        />
      </Field>
    </div>
  );
}

/** Chooses a png, jpg or webp file and uploads it at once; shows the uploaded image. */
export function ImageUpload({
  merchantCode,
  label,
  imageUrl,
  onUploaded,
  error,
}: {
  merchantCode: string;
  label: string;
  imageUrl: string | null;
  onUploaded: (image: UploadedImage) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  return (
    <div className="stack">
      <Field label={label} help={t('content.imageHelp')} error={uploadError ?? error}>
        <input
          className="input"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setBusy(true);
            setUploadError(undefined);
            try {
              onUploaded(await uploadImage(merchantCode, file));
            } catch (failure) {
              setUploadError(failure instanceof Error ? failure.message : String(failure));
            } finally {
              setBusy(false);
              event.target.value = '';
            }
          }}
        />
      </Field>
      {busy ? <p className="muted">{t('content.uploading')}</p> : null}
      {imageUrl ? <img className="thumb-large" src={imageUrl} alt={t('content.uploadedImage')} /> : null}
    </div>
  );
}

/** Image ids per language (EN required) and the addresses of those uploaded or loaded here. */
export type LanguageImages = { images: Translations<string>; urls: Partial<Record<LanguageCode, string>> };

/**
 * One language's image of an item drawn per language (a banner's picture, a partner's logo): upload it, or for a
 * language other than English go back to showing the English one.
 */
export function LanguageImage({
  merchantCode,
  language,
  label,
  value,
  onChange,
}: {
  merchantCode: string;
  language: LanguageCode;
  label: string;
  value: LanguageImages;
  onChange: (value: LanguageImages) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ImageUpload
        merchantCode={merchantCode}
        label={label}
        imageUrl={value.urls[language] ?? null}
        onUploaded={(image) =>
          onChange({
            images: { ...value.images, [language]: image.id },
            urls: { ...value.urls, [language]: image.url },
          })
        }
      />
      {language !== 'EN' && value.images[language] ? (
        <div>
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              onChange({
                images: setTranslation(value.images, language, undefined, () => true),
                urls: { ...value.urls, [language]: undefined },
              })
            }
          >
            {t('content.banners.useEnglishImage')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** Order and enabled switch shared by every content item. */
export function OrderAndEnabled({
  sortOrder,
  enabled,
  onChange,
  error,
}: {
  sortOrder: number;
  enabled: boolean;
  onChange: (patch: { sortOrder?: number; enabled?: boolean }) => void;
  error: unknown;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid-2">
      <Field
        label={t('common.sortOrder')}
        help={t('content.sortHelp')}
        error={fieldError(error, 'sortOrder')}
      >
        <input
          className="input"
          type="number"
          min={0}
          max={100000}
          value={Number.isNaN(sortOrder) ? '' : sortOrder}
          onChange={(event) =>
            onChange({ sortOrder: event.target.value === '' ? Number.NaN : Number(event.target.value) })
          }
        />
      </Field>
      <label className="check">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => onChange({ enabled: event.target.checked })}
        />
        <span>{t('common.enabled')}</span>
      </label>
    </div>
  );
}

export function LiveBadge({ live }: { live: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${live ? 'badge-on' : 'badge-off'}`}>
      {live ? t('common.live') : t('common.notLive')}
    </span>
  );
}
