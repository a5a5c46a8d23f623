import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Drawer, Space, Typography } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { website } from '../../config.ts';
import { useSettings } from '../../stores/settings.ts';
import { useShellUi } from '../layout/shell-ui.ts';
import styles from './theme.module.css';
import { shellTheme, THEME_COLORS, THEME_NAMES, type ThemeName } from './themes.ts';

/** A miniature of the frame in a theme's colours: sidebar, header, tabs and page. */
function Preview({ name, color }: { name: ThemeName; color: string }) {
  const c = useMemo(() => shellTheme(name, color).colors, [name, color]);
  return (
    <span className={styles.preview} style={{ background: c.contentBg }}>
      <span className={styles.previewSider} style={{ background: c.siderBg }}>
        <span className={styles.previewBrand} style={{ background: c.brandBg }} />
        <span className={styles.previewItem} style={{ background: c.marker }} />
        <span className={styles.previewItem} />
        <span className={styles.previewItem} />
      </span>
      <span className={styles.previewMain}>
        <span className={styles.previewHeader} style={{ background: c.headerBg }} />
        <span className={styles.previewTabs} style={{ background: c.tabsBg }}>
          <span style={{ background: c.tabActiveBg === 'transparent' ? c.tabActiveColor : c.tabActiveBg }} />
          <span style={{ background: c.tabBg === 'transparent' ? c.tabBorder : c.tabBg }} />
        </span>
        <span className={styles.previewPage} />
      </span>
    </span>
  );
}

/** 主题 (SPEC §2): the 11 skins as previews, and the primary colour; both are kept in this browser. */
export function ThemeDrawer() {
  const { t } = useTranslation();
  const open = useShellUi((s) => s.panel === 'theme');
  const close = useShellUi((s) => s.close);
  const current = useSettings((s) => s.theme);
  const color = useSettings((s) => s.color);
  const setTheme = useSettings((s) => s.setTheme);
  const setColor = useSettings((s) => s.setColor);

  return (
    <Drawer
      title={t('theme.title')}
      open={open}
      onClose={close}
      size={380}
      rootStyle={{ '--sx-primary': color } as CSSProperties}
    >
      <Typography.Title level={5}>{t('theme.skin')}</Typography.Title>
      <div className={styles.grid}>
        {THEME_NAMES.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={name === current}
            className={name === current ? `${styles.card} ${styles.selected}` : styles.card}
            onClick={() => setTheme(name)}
            data-theme-name={name}
          >
            <Preview name={name} color={color} />
            <span className={styles.cardName}>
              {name === current && <CheckOutlined />} {t(`theme.names.${name}`)}
            </span>
          </button>
        ))}
      </div>
      <Typography.Title level={5} className={styles.colorTitle}>
        {t('theme.color')}
      </Typography.Title>
      <Space wrap>
        <ColorPicker
          value={color}
          disabledAlpha
          showText
          format="hex"
          presets={[{ label: t('theme.presets'), colors: [...THEME_COLORS], defaultOpen: true }]}
          onChangeComplete={(value) => setColor(value.toHexString())}
          aria-label={t('theme.color')}
        />
        <Button
          icon={<UndoOutlined />}
          disabled={color === website.themeColor.toLowerCase()}
          onClick={() => setColor(website.themeColor)}
        >
          {t('theme.resetColor')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" className={styles.note}>
        {t('theme.note')}
      </Typography.Paragraph>
    </Drawer>
  );
}
