import { Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeApi } from '../../api/assignment.ts';

interface Asked {
  attemptId: string;
  title: string;
}

/**
 * An assignment with an access password: starting an attempt asks for it here (`start` checks it and starts the
 * attempt), then `onStarted` opens the exam, which resumes without asking again. A wrong password, or too many,
 * is said under the box and the dialog stays open. `title` may be empty (the exam page opened by a link, before the
 * paper is known).
 */
export function useAccessPassword(onStarted: (attemptId: string) => void): {
  ask: (attemptId: string, title: string) => void;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setAsked(null);
    setPassword('');
    setError(null);
  };
  const submit = async () => {
    if (!asked || !password) return;
    setBusy(true);
    try {
      await takeApi.start(asked.attemptId, password);
      const id = asked.attemptId;
      close();
      onStarted(id);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Modal
      open={Boolean(asked)}
      title={asked?.title ? t('take.my.passwordTitle', { title: asked.title }) : t('take.my.passwordNeeded')}
      okText={t('take.my.passwordStart')}
      okButtonProps={{ disabled: !password, loading: busy }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('take.my.passwordHint')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t('take.my.passwordLabel')}
          htmlFor="exam-access-password"
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input.Password
            id="exam-access-password"
            autoFocus
            autoComplete="off"
            maxLength={50}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { ask: (attemptId, title) => setAsked({ attemptId, title }), dialog };
}
