import { MENU_CATEGORY, MENU_OPEN } from '@shixun/contracts';
import { Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** 菜单 or 按钮. */
export function CategoryTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return value === MENU_CATEGORY.button ? (
    <Tag color="orange">{t('menuPage.categoryButton')}</Tag>
  ) : (
    <Tag color="blue">{t('menuPage.categoryMenu')}</Tag>
  );
}

/** Only the exception is worth a mark: a page that opens in a new window. */
export function OpenCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return value === MENU_OPEN.newWindow ? <Tag color="purple">{t('menuPage.openNewWindow')}</Tag> : null;
}

export function RolesCell({ value }: { value: unknown }) {
  const roles = Array.isArray(value) ? (value as string[]) : [];
  return (
    <Space size={[0, 4]} wrap>
      {roles.map((r) => (
        <Tag key={r}>{r}</Tag>
      ))}
    </Space>
  );
}

/** Role aliases typed as tags (Enter, comma or space ends one). */
export function RolesInput(props: { placeholder: string; value?: string[]; onChange?: (v: string[]) => void }) {
  return <Select {...props} mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', '，', ' ']} />;
}
