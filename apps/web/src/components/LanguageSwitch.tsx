import { TranslationOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@shixun/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../stores/settings.ts';

/** zh / en switch; the choice is kept in localStorage by the settings store. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LOCALES.map((l) => ({ key: l, label: t(`lang.${l}`) })),
        onClick: ({ key }) => setLanguage(key as Locale),
      }}
    >
      {/* The name starts with the words shown (WCAG 2.5.3 label in name), then says what the button does. */}
      <Button
        type="text"
        className={className}
        icon={<TranslationOutlined />}
        aria-label={`${t(`lang.${language}`)} · ${t('lang.switch')}`}
      >
        {t(`lang.${language}`)}
      </Button>
    </Dropdown>
  );
}
