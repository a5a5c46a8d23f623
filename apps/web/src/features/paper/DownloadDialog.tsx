import { DownloadOutlined, FileWordOutlined } from '@ant-design/icons';
import type { Paper } from '@shixun/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Checkbox, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canChangePaper, paperApi } from '../../api/paper.ts';

interface Props {
  paper: Paper;
  open: boolean;
  onClose(): void;
}

/**
 * 下载 Word: the paper as a .docx to print — with or without the key (含答案), the analysis (含解析) and an answer
 * sheet (附答题卡). Answers and analysis are offered to those who may change the paper; the server writes them
 * for no one else.
 */
export function DownloadDialog({ paper, open, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayChange = canChangePaper(paper.access);
  const [answers, setAnswers] = useState(false);
  const [analysis, setAnalysis] = useState(false);
  const [sheet, setSheet] = useState(false);
  useEffect(() => {
    if (!open) return;
    setAnswers(false);
    setAnalysis(false);
    setSheet(false);
  }, [open]);
  const download = useMutation({
    mutationFn: () => paperApi.download(paper.id, { answers, analysis, sheet }),
    onSuccess: () => {
      void message.success(t('paperDownload.done'));
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={
        <span>
          <FileWordOutlined /> {t('paperDownload.title', { name: paper.title })}
        </span>
      }
      onCancel={onClose}
      onOk={() => download.mutate()}
      okText={t('paperDownload.ok')}
      okButtonProps={{ icon: <DownloadOutlined /> }}
      confirmLoading={download.isPending}
      destroyOnHidden
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('paperDownload.hint')}</Typography.Text>
        <Space orientation="vertical" size={4}>
          {mayChange && (
            <>
              <Checkbox checked={answers} onChange={(e) => setAnswers(e.target.checked)}>
                {t('paperDownload.answers')}
              </Checkbox>
              <Checkbox checked={analysis} onChange={(e) => setAnalysis(e.target.checked)}>
                {t('paperDownload.analysis')}
              </Checkbox>
            </>
          )}
          <Checkbox checked={sheet} onChange={(e) => setSheet(e.target.checked)}>
            {t('paperDownload.sheet')}
          </Checkbox>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '0 0 0 24px' }}>
            {t('paperDownload.sheetHint')}
          </Typography.Paragraph>
        </Space>
        {!mayChange && <Alert type="info" showIcon title={t('paperDownload.answersHint')} />}
      </Space>
    </Modal>
  );
}
