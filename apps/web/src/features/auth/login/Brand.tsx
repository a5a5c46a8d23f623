import { useTranslation } from 'react-i18next';
import { BookIcon, FlaskIcon, PaperIcon } from './icons.tsx';
import styles from './login.module.css';

/** The left half of the login page: who we are, in a sentence and three points. */
export function Brand() {
  const { t } = useTranslation();
  const points = [
    { icon: <BookIcon />, text: t('login.brandPoints.course') },
    { icon: <PaperIcon />, text: t('login.brandPoints.exam') },
    { icon: <FlaskIcon />, text: t('login.brandPoints.practice') },
  ];
  return (
    <aside className={styles.brand}>
      <div className={styles.logoRow}>
        <img src="/logo.svg" alt="" />
        <span>{t('app.title')}</span>
      </div>
      <div className={styles.brandBody}>
        <h1>{t('login.brandTitle')}</h1>
        <p>{t('app.slogan')}</p>
        <ul>
          {points.map((p) => (
            <li key={p.text}>
              <span className={styles.pointIcon}>{p.icon}</span>
              {p.text}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
