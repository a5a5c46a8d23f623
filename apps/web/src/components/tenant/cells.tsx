import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../CrudPage/values.ts';

/** An account quota; -1 is 不限. */
export function QuotaCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return value === -1 ? <Tag color="blue">{t('tenant.unlimited')}</Tag> : String(value ?? '');
}

/** An expiry: none is 长期有效, a past one is flagged, since that tenant's users can no longer sign in. */
export function ExpiryCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== 'string' || !value) return <>{t('tenant.forever')}</>;
  if (dayjs(value).isBefore(dayjs())) {
    return (
      <span>
        {formatDate(value, true)} <Tag color="red">{t('tenant.expired')}</Tag>
      </span>
    );
  }
  return <>{formatDate(value, true)}</>;
}

/** A tenant's package; none means the tenant is not limited by one. */
export function PackageCell({ name }: { name: string | undefined }) {
  const { t } = useTranslation();
  return name ? <Tag color="purple">{name}</Tag> : <span className="crud-muted">{t('tenant.noPackage')}</span>;
}
