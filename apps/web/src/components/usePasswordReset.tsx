import type { PasswordReset } from '@shixun/contracts';
import { App } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeSecrets } from './OneTimeSecrets.tsx';

/**
 * 密码重置 on an account page (users, students): confirm, reset on the server, then show the new passwords once.
 * `labels` are catalog keys: the dialog title, the question (with `{{count}}`) and the title over the passwords.
 */
export function usePasswordReset(
  reset: (ids: string[]) => Promise<PasswordReset[]>,
  labels: { title: string; confirm: string; done: string },
): { confirmReset: (rows: { id: string }[]) => void; passwords: ReactNode } {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [done, setDone] = useState<PasswordReset[]>([]);
  const { title, confirm, done: doneTitle } = labels;
  const confirmReset = useCallback(
    (rows: { id: string }[]) =>
      void modal.confirm({
        title: t(title),
        content: t(confirm, { count: rows.length }),
        okButtonProps: { danger: true },
        onOk: async () => {
          // A refusal has been shown by the HTTP client; the dialog just closes.
          const result = await reset(rows.map((r) => r.id)).catch(() => null);
          if (result) setDone(result);
        },
      }),
    [modal, t, reset, title, confirm],
  );
  const passwords = (
    <OneTimeSecrets
      title={t(doneTitle)}
      secrets={done.map((r) => ({ account: r.account, secret: r.password }))}
      onClose={() => setDone([])}
    />
  );
  return { confirmReset, passwords };
}
