import { pickLanguage } from '@tala/contracts/language-codes';
import type { SystemStatus } from '@tala/contracts/system';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../components/icons.tsx';
import { LanguagePicker } from '../../features/preferences/components/language-picker.tsx';
import { ThemeToggle } from '../../features/preferences/components/theme-toggle.tsx';
import { useLanguage } from '../../lib/i18n.ts';

type GateFrameProps = {
  status: SystemStatus;
  icon: IconName;
  kind: 'maintenance' | 'region';
  children: ReactNode;
};

/** The branded page the whole site gives way to under maintenance or a region block. */
export function GateFrame({ status, icon, kind, children }: GateFrameProps) {
  const whitelabel = status.info.whitelabel;
  const language = useLanguage();
  return (
    <div className={`gate gate--${kind}`} data-status-page={kind}>
      <header className="gate__bar">
        <img className="gate__logo" src={whitelabel.logoUrl} alt={whitelabel.brandName} height={40} />
        <div className="gate__tools">
          <LanguagePicker languages={whitelabel.supportedLanguages} />
          <ThemeToggle />
        </div>
      </header>
      <main className="gate__main">
        <div className="gate__card">
          <span className="gate__badge" aria-hidden="true">
            <Icon name={icon} size={40} />
          </span>
          {children}
        </div>
      </main>
      <footer className="gate__footer">{pickLanguage(whitelabel.copyright, language)}</footer>
    </div>
  );
}
