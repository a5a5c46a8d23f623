import { LOCALES } from '@shixun/contracts';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../stores/settings.ts';
import { GlobeIcon } from './icons.tsx';
import styles from './login.module.css';

/**
 * The login page's zh / en switch: every language as a button, the chosen one pressed — one click, no menu (the
 * shell's switch is a dropdown, components/LanguageSwitch.tsx). Each language is named in itself.
 */
export function LanguageButtons() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset.
    <div className={styles.languages} role="group" aria-label={t('login.language')}>
      <GlobeIcon />
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l === 'zh' ? 'zh-CN' : 'en'}
          aria-pressed={l === language}
          onClick={() => setLanguage(l)}
        >
          {t(`lang.${l}`)}
        </button>
      ))}
    </div>
  );
}
