import { pickLanguage } from '@tala/contracts/language-codes';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ContactLinks } from '../../features/support/components/contact-links.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { useSiteStatus } from '../use-site-status.ts';

// The footer sits below the fold: its code and its content call load as it comes near, keeping the first load small.
const FooterContent = lazy(() =>
  import('../../features/footer/components/site-footer.tsx').then((m) => ({ default: m.SiteFooter })),
);

/** The footer (§2) from the merchant's content, with the customer-service channels in its support column. */
export function SiteFooter() {
  const status = useSiteStatus();
  const whitelabel = status.info.whitelabel;
  const language = useLanguage();
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = slot.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = <footer className="site-footer site-footer--pending" />;
  return (
    <div ref={slot}>
      {near ? (
        <Suspense fallback={placeholder}>
          <FooterContent
            brand={{
              brandName: whitelabel.brandName,
              logoUrl: whitelabel.logoUrl,
              // Shown until the footer call answers (in the request's language): the same pick, from the status.
              copyright: pickLanguage(whitelabel.copyright, language),
              licenceText: pickLanguage(whitelabel.licenceText, language),
            }}
            support={<ContactLinks items={status.customerService} variant="list" />}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
