import type { LoginOptions } from '@shixun/contracts';
import { useTranslation } from 'react-i18next';
import styles from './login.module.css';

type Account = LoginOptions['demoAccounts'][number];

/** The embedded demo installation lists its accounts; one click fills the form. */
export function DemoAccounts({ accounts, onPick }: { accounts: Account[]; onPick: (a: Account) => void }) {
  const { t } = useTranslation();
  if (!accounts.length) return null;
  return (
    <section className={styles.demo} aria-label={t('login.demoTitle')}>
      <div className={styles.demoHead}>
        <strong>{t('login.demoTitle')}</strong>
        <span>{t('login.demoHint')}</span>
      </div>
      {accounts.map((a) => (
        <button key={a.account} type="button" className={styles.demoItem} onClick={() => onPick(a)}>
          <span>{t('login.demoAccount', { account: a.account, password: a.password })}</span>
          <span className={styles.role}>{a.role}</span>
        </button>
      ))}
    </section>
  );
}
