import { FileExcelOutlined, FileTextOutlined, FileWordOutlined } from '@ant-design/icons';
import type { EXPORT_FORMATS, LibOption, Question } from '@shixun/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questionApi } from '../../api/question.ts';

interface Props {
  /** Ticked questions when 导出 was pressed; null: closed. */
  selected: Question[] | null;
  /** The library the list is narrowed to, if any. */
  lib: LibOption | undefined;
  onClose: () => void;
}

type Scope = 'selected' | 'lib';
type Format = (typeof EXPORT_FORMATS)[number];

/**
 * 导出: the ticked questions or the whole library shown, as Excel or Moodle XML (answers included: they are for
 * re-importing, Moodle XML into Moodle too) or as Word, with or without answers and analysis (a paper to print).
 */
export function ExportDialog({ selected, lib, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = selected !== null;
  const count = selected?.length ?? 0;
  const [scope, setScope] = useState<Scope>('lib');
  const [format, setFormat] = useState<Format>('docx');
  const [withAnswers, setWithAnswers] = useState(true);

  useEffect(() => {
    if (open) setScope(count ? 'selected' : 'lib');
  }, [open, count]);

  const run = useMutation({
    mutationFn: () =>
      questionApi.exportQuestions({
        format,
        libId: scope === 'lib' ? lib?.id : undefined,
        ids: scope === 'selected' ? (selected ?? []).map((q) => q.id) : undefined,
        withAnswers: format !== 'docx' || withAnswers,
      }),
    onSuccess: () => {
      void message.success(t('questionBank.export.done'));
      onClose();
    },
  });
  const nothing = !count && !lib;

  return (
    <Modal
      open={open}
      title={t('questionBank.export.title')}
      okText={t('questionBank.export.ok')}
      okButtonProps={{ disabled: nothing }}
      confirmLoading={run.isPending}
      onOk={() => run.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      {nothing ? (
        <Alert type="warning" showIcon title={t('questionBank.export.nothing')} />
      ) : (
        <Form layout="vertical" name="exportForm">
          <Form.Item label={t('questionBank.export.scope')}>
            <Radio.Group
              value={scope}
              onChange={(e) => setScope(e.target.value as Scope)}
              options={[
                { value: 'selected', label: t('questionBank.export.selected', { count }), disabled: !count },
                {
                  value: 'lib',
                  label: lib ? t('questionBank.export.lib', { name: lib.name }) : t('questionBank.export.noLib'),
                  disabled: !lib,
                },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('questionBank.export.format')}>
            <Radio.Group
              value={format}
              onChange={(e) => setFormat(e.target.value as Format)}
              options={[
                {
                  value: 'docx',
                  label: (
                    <span>
                      <FileWordOutlined /> {t('questionBank.export.word')}
                    </span>
                  ),
                },
                {
                  value: 'xlsx',
                  label: (
                    <span>
                      <FileExcelOutlined /> {t('questionBank.export.excel')}
                    </span>
                  ),
                },
                {
                  value: 'moodle',
                  label: (
                    <span>
                      <FileTextOutlined /> {t('questionBank.export.moodle')}
                    </span>
                  ),
                },
              ]}
            />
          </Form.Item>
          {format === 'docx' ? (
            <Checkbox checked={withAnswers} onChange={(e) => setWithAnswers(e.target.checked)}>
              {t('questionBank.export.withAnswers')}
            </Checkbox>
          ) : (
            <Alert
              type="info"
              showIcon
              title={t(format === 'moodle' ? 'questionBank.export.moodleHint' : 'questionBank.export.excelHint')}
            />
          )}
        </Form>
      )}
    </Modal>
  );
}
