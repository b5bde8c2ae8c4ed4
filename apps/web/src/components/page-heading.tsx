import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';

/** The title row of a page: its icon and its h1, with room for page tools on the right. */
export function PageHeading({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-heading">
      <span className="page-heading__icon">
        <Icon name={icon} size={22} />
      </span>
      <h1 className="page-heading__title">{title}</h1>
      {children ? <div className="page-heading__tools">{children}</div> : null}
    </header>
  );
}
