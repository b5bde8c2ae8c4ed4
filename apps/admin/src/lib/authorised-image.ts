import { useEffect, useState } from 'react';
import { sessionToken } from './session.ts';

/**
 * An image behind the back office's guard (feedback, deposit proofs, application images), fetched with the operator's token (an `<img src>` cannot send it) and shown from a
 * blob address that is revoked when the image leaves the page.
 */
export function useAuthorisedImage(path: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    const controller = new AbortController();
    const token = sessionToken();
    fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        const blob = await response.blob();
        if (revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      revoked = true;
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}
