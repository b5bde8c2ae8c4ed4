import { useEffect } from 'react';
import { useSystemStatus } from '../features/system/api/get-system-status.ts';

/** "Page · Brand" in the browser tab; the brand alone on the home page. */
export function useDocumentTitle(title?: string) {
  const brand = useSystemStatus().data?.info.whitelabel.brandName;
  useEffect(() => {
    if (!brand) return;
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
