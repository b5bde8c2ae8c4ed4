import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import type { IconName } from '../../components/icons.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import type en from '../../locales/en.json';
import { useDocumentTitle } from '../use-document-title.ts';

/** Pages that show an empty state (login and registration have their real forms). */
export type PageKey = Exclude<keyof typeof en.pages, 'login' | 'register'>;

type PlaceholderPageProps = {
  page: PageKey;
  icon: IconName;
  /** `page`: a page heading over the empty state; `standalone`: the empty state is the page (game pages). */
  variant?: 'page' | 'standalone';
  children?: React.ReactNode;
};

/** A page whose content arrives with a later issue: its heading and a designed, localised empty state. */
export function PlaceholderPage({ page, icon, variant = 'page', children }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  useDocumentTitle(title);
  if (variant === 'standalone') {
    return (
      <div className="page page--standalone">
        <EmptyState icon={icon} title={t(`pages.${page}.emptyTitle`)} line={t(`pages.${page}.emptyLine`)}>
          {children}
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="page">
      <PageHeading icon={icon} title={title} />
      <EmptyState
        icon={icon}
        headingLevel={2}
        title={t(`pages.${page}.emptyTitle`)}
        line={t(`pages.${page}.emptyLine`)}
      >
        {children}
      </EmptyState>
    </div>
  );
}
