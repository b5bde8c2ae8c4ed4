import { pickLanguage } from '@tala/contracts/language-codes';
import type { SystemStatus } from '@tala/contracts/system';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons.tsx';
import { CustomerServiceButton } from '../../features/support/components/customer-service-button.tsx';
import { localeOf, useLanguage } from '../../lib/i18n.ts';
import { GateFrame } from './gate-frame.tsx';

/** The end time in the merchant's time zone, e.g. "21 Nov 2026, 18:00 GMT+8"; null when unknown or unreadable. */
export function formatEndTime(iso: string | null, timeZone: string, locale: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    const text = new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
    const zone = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value;
    return zone ? `${text} ${zone}` : text;
  } catch {
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}

/** Status 1: the maintenance page (title, end time if known, info text, customer-service button). */
export function MaintenancePage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { maintenance } = status;
  const whitelabel = status.info.whitelabel;
  // The merchant's texts in the visitor's language, else English; empty: the site's own wording.
  const title = pickLanguage(maintenance.title, language)?.trim() || t('system.game_maintenance');
  const message = pickLanguage(maintenance.message, language)?.trim() || t('system.info_maintenance');
  const endTime = formatEndTime(maintenance.endTime, whitelabel.timeZone, localeOf(language));

  useEffect(() => {
    document.title = `${title} · ${whitelabel.brandName}`;
  }, [title, whitelabel.brandName]);

  return (
    <GateFrame status={status} icon="tools" kind="maintenance">
      <h1 className="gate__title">{title}</h1>
      {endTime ? (
        <p className="gate__time">
          <Icon name="clock" size={18} />
          {t('system.endsAt', { time: endTime })}
        </p>
      ) : null}
      <p className="gate__message">{message}</p>
      <CustomerServiceButton items={status.customerService} />
    </GateFrame>
  );
}
