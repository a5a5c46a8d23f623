import { CLASS_QRCODE_DAYS, type OrgNode } from '@shixun/contracts';
import { Empty, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teacherApi } from '../../api/exam.ts';
import { QrCodeDialog } from '../../components/QrCodeDialog.tsx';

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
 * 班级二维码: a QR code students scan (signed in) to join the class, valid CLASS_QRCODE_DAYS days; shown large,
 * downloadable as a PNG and printable, to post in the classroom or the class chat.
 */
export function QrDialog({ target, onClose }: { target: QrTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [classId, setClassId] = useState<string>();
  useEffect(() => setClassId(target?.classes[0]?.id), [target]);
  const className = target?.classes.find((c) => c.id === classId)?.name ?? '';
  const caption = target?.teacherName ? `${className} · ${target.teacherName}` : className;
  return (
    <QrCodeDialog
      open={Boolean(target)}
      onClose={onClose}
      title={t('academic.qr.title')}
      caption={caption}
      code={
        classId
          ? { key: ['clazz', classId, target?.teacherId], fetch: () => teacherApi.qrcode(classId, target?.teacherId) }
          : null
      }
      empty={<Empty description={t('academic.qr.noClasses')} />}
      hint={t('academic.qr.hint', { days: CLASS_QRCODE_DAYS })}
      printLine={t('academic.qr.printLine')}
      fileName={t('academic.qr.file', { name: className.replace(/\//g, '-') })}
      alt={t('academic.qr.alt', { name: className })}
    >
      {target && target.classes.length > 1 && (
        <Select
          aria-label={t('academic.qr.class')}
          style={{ width: 280 }}
          value={classId}
          onChange={setClassId}
          options={target.classes.map((c) => ({ label: c.name, value: c.id }))}
        />
      )}
    </QrCodeDialog>
  );
}
