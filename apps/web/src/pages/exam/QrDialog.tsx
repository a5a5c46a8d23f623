import { DownloadOutlined, QrcodeOutlined } from '@ant-design/icons';
import { CLASS_QRCODE_DAYS, type OrgNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Image, Modal, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teacherApi } from '../../api/exam.ts';

export interface QrTarget {
  /** The classes to choose from (one: no choice). */
  classes: { id: string; name: string }[];
  /** An administrator making a code in a teacher's name; absent = the signed-in teacher. */
  teacherId?: string;
  teacherName?: string;
}

/** The classes below a node of the org tree, named 年级/班级. */
export function classesIn(nodes: OrgNode[], gradeName = ''): { id: string; name: string }[] {
  return nodes.flatMap((n) => {
    if (n.type === 'class') return [{ id: n.id, name: gradeName ? `${gradeName}/${n.title}` : n.title }];
    return classesIn(n.children ?? [], n.type === 'grade' ? n.title : '');
  });
}

/**
 * 班级二维码: a QR code students scan (signed in) to join the class, valid CLASS_QRCODE_DAYS days; shown large and
 * downloadable as a PNG to print or post in the class chat.
 */
export function QrDialog({ target, onClose }: { target: QrTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [classId, setClassId] = useState<string>();
  useEffect(() => setClassId(target?.classes[0]?.id), [target]);
  const code = useQuery({
    queryKey: ['clazz', 'qrcode', classId, target?.teacherId],
    queryFn: () => teacherApi.qrcode(classId!, target?.teacherId),
    enabled: Boolean(target && classId),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!code.data) return setUrl(undefined);
    const next = URL.createObjectURL(code.data.blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [code.data]);
  const className = target?.classes.find((c) => c.id === classId)?.name ?? '';

  const download = () => {
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${t('exam.qr.file', { name: className.replace(/\//g, '-') })}.png`;
    link.click();
  };

  return (
    <Modal
      open={Boolean(target)}
      title={
        <span>
          <QrcodeOutlined /> {t('exam.qr.title')}
        </span>
      }
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button key="download" type="primary" icon={<DownloadOutlined />} disabled={!url} onClick={download}>
          {t('exam.qr.download')}
        </Button>,
      ]}
      destroyOnHidden
    >
      {target && target.classes.length === 0 ? (
        <Empty description={t('exam.qr.noClasses')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} align="center">
          {target && target.classes.length > 1 && (
            <Select
              aria-label={t('exam.qr.class')}
              style={{ width: 280 }}
              value={classId}
              onChange={setClassId}
              options={target.classes.map((c) => ({ label: c.name, value: c.id }))}
            />
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            {className}
            {target?.teacherName ? ` · ${target.teacherName}` : ''}
          </Typography.Title>
          <Spin spinning={code.isFetching}>
            <div style={{ width: 240, height: 240 }}>
              {url && (
                <Image src={url} width={240} height={240} preview={false} alt={t('exam.qr.alt', { name: className })} />
              )}
            </div>
          </Spin>
          <Alert type="info" showIcon title={t('exam.qr.hint', { days: CLASS_QRCODE_DAYS })} />
        </Space>
      )}
    </Modal>
  );
}
