import './support.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon, type IconName } from '../../../components/icons.tsx';
import { ModalWrapper } from '../../../components/modal-wrapper.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { getService, type ServicePath } from '../api/support-api.ts';
import { chatKindOfPath, openChat } from '../lib/chat-store.ts';

const icons: Record<ServicePath['csType'], IconName> = {
  LIVECHAT: 'headset',
  TELEGRAM: 'telegram',
  VIP: 'vip',
  FACEBOOK: 'facebook',
};

/**
 * The customer-service popup: the getService path list (§7). Type 3 opens in a popup (the chat room, or the VIP
 * service), type 2 in a new tab, type 1 on the site. A failed fetch closes the popup (§8).
 */
export function ServicePopup({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const service = useQuery({
    queryKey: ['service', token ?? 'guest', language],
    queryFn: ({ signal }) => getService(signal),
    retry: false,
    // Asked on every opening: the VIP entry follows the member's rank, and a failed fetch closes the popup (§8).
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    if (service.isError) onClose();
  }, [service.isError, onClose]);

  const open = (item: ServicePath) => {
    onClose();
    if (item.type === 3) {
      const kind = chatKindOfPath(item.path);
      if (kind || item.csType === 'LIVECHAT' || item.csType === 'VIP')
        openChat(kind ?? (item.csType === 'VIP' ? 'vip' : 'live'));
      else window.open(item.path, 'customer-service', 'popup,width=420,height=640,noopener');
    } else if (item.type === 2) window.open(item.path, '_blank', 'noopener,noreferrer');
    else navigate(item.path);
  };

  return (
    <ModalWrapper open onClose={onClose} title={t('common.customerService')} size="small">
      {service.isPending ? (
        <p className="page-status" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <ul className="service-list" data-testid="service-list">
          {(service.data?.version.pathList ?? []).map((item) => (
            <li key={`${item.csType}-${item.path}`}>
              <button type="button" className="service-list__item" onClick={() => open(item)}>
                <span className={`service-list__icon service-list__icon--${item.csType.toLowerCase()}`}>
                  <Icon name={icons[item.csType]} size={20} />
                </span>
                <span className="service-list__title">{item.title}</span>
                <Icon
                  name={item.type === 2 ? 'arrowUp' : 'chevronRight'}
                  size={16}
                  className="service-list__go"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </ModalWrapper>
  );
}
