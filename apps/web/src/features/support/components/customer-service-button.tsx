import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { type CustomerServiceItem, openPath, primaryCustomerService } from '../utils/customer-service.ts';

/** The maintenance and region pages' way to reach a person; absent when the merchant configured no channel. */
export function CustomerServiceButton({ items }: { items: readonly CustomerServiceItem[] }) {
  const { t } = useTranslation();
  const item = primaryCustomerService(items);
  if (!item) return null;
  return (
    <button type="button" className="btn btn-accent btn-large" onClick={() => openPath(item.path)}>
      <Icon name="headset" />
      {t('common.customerService')}
    </button>
  );
}
