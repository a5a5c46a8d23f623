import { Avatar, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleNames } from '../../../app/useRoleNames.ts';
import { website } from '../../../config.ts';
import { isAdministrator, type SessionUser } from '../../../stores/auth.ts';
import styles from './wel.module.css';

function timeOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  return hour < 18 ? 'afternoon' : 'evening';
}

/** Who is signed in: greeting, account, roles by name, and for an administrator the tenant. */
export function Welcome({ user }: { user: SessionUser | null }) {
  const { t } = useTranslation();
  const roles = useRoleNames();
  return (
    <Card variant="borderless" className={styles.welcome}>
      <div className={styles.hello}>
        <Avatar size={64} src={user?.avatar || website.defaultAvatar} alt="" />
        <div>
          <h2>{t('wel.greeting', { time: t(`wel.${timeOfDay(new Date().getHours())}`), name: user?.name ?? '' })}</h2>
          <p>{t('wel.intro')}</p>
        </div>
      </div>
      <Descriptions
        className={styles.facts}
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: 'account', label: t('wel.account'), children: user?.account },
          // Teachers and students work in one school; which tenant that is means nothing to them.
          ...(isAdministrator(user) ? [{ key: 'tenant', label: t('wel.tenant'), children: user?.tenantId }] : []),
          {
            key: 'role',
            label: t('wel.role'),
            children: roles.map((r) => (
              <Tag key={r} color="blue">
                {r}
              </Tag>
            )),
          },
        ]}
      />
    </Card>
  );
}
