import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLanguage } from '../../../lib/i18n.ts';
import { acknowledgePopups, popupAnnouncementsQuery } from '../api/announcements-api.ts';

const AnnouncementPopup = lazy(() =>
  import('./announcement-popup.tsx').then((m) => ({ default: m.AnnouncementPopup })),
);

/**
 * The popup group shows once after login (§2): the announcements this login has not seen open in the announcement
 * popup, and are acknowledged as they show, so a reload does not bring them back and the next login does.
 */
export function AfterLoginPopup({ token, suspended }: { token: string | null; suspended: boolean }) {
  const language = useLanguage();
  const popups = useQuery({ ...popupAnnouncementsQuery(token ?? '', language), enabled: Boolean(token) });
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const list = popups.data ?? [];
  const show = Boolean(token) && !suspended && list.length > 0 && closedFor !== token;

  useEffect(() => {
    if (show && list.length > 0) void acknowledgePopups(list.map((item) => item.id)).catch(() => undefined);
  }, [show, list]);

  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementPopup items={list} onClose={() => setClosedFor(token)} />
    </Suspense>
  );
}
