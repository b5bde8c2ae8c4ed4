import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IconName } from './icons.tsx';
import { Illustration } from './illustration.tsx';

type EmptyStateProps = {
  icon: IconName;
  title: string;
  line: string;
  /** h1 when the empty state is the page itself, h2 under a page heading. */
  headingLevel?: 1 | 2;
  /** Replaces the default button back home; null shows no button (inside a centre's page). */
  action?: ReactNode;
  children?: ReactNode;
};

/** What a page shows before its content exists: a picture, a title, a helpful line and a way on. */
export function EmptyState({ icon, title, line, headingLevel = 1, action, children }: EmptyStateProps) {
  const { t } = useTranslation();
  const id = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="empty-state" aria-labelledby={id}>
      <Illustration icon={icon} />
      <Heading id={id} className="empty-state__title">
        {title}
      </Heading>
      <p className="empty-state__line">{line}</p>
      {children}
      <div className="empty-state__actions">
        {action === undefined ? (
          <Link className="btn btn-primary" to="/index">
            {t('common.backHome')}
          </Link>
        ) : (
          action
        )}
      </div>
    </section>
  );
}
