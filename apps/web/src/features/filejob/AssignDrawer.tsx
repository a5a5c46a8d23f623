import {
  type Filejob,
  type FilejobAssignmentBody,
  filejobAssignmentFormSchema,
  RELEASE_RULES,
  type ReleaseRule,
} from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Drawer, Form, type FormRule, Input, Row, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filejobApi, filejobAssignmentApi } from '../../api/filejob.ts';
import { useScreen } from '../../app/useScreen.ts';
import { schemaRule } from '../../components/CrudPage/schema-rules.ts';
import { ClassesSelect } from '../assignment/ClassesSelect.tsx';
import { TemplateSelect } from '../assignment/TemplateSelect.tsx';
import { closeAfterOpen, toDate } from '../assignment/window-rule.ts';
import { Choice, DateTimeInput, UnitNumber } from '../paper/FormControls.tsx';
import { FILEJOB_ASSIGNMENT_KEY } from './routes.ts';

interface Values {
  jobId?: string;
  title?: string;
  classIds: string[];
  startTime?: Dayjs | null;
  deadline?: Dayjs | null;
  graceMinutes: number;
  releaseRule: ReleaseRule;
  remark?: string;
}

/** From now, due in a week at 23:59 — homework is handed in at home, the evening before the next lesson. */
function startValues(jobId?: string): Values {
  const now = dayjs().startOf('minute');
  return {
    jobId,
    classIds: [],
    startTime: now,
    deadline: now.add(7, 'day').hour(23).minute(59),
    graceMinutes: 30,
    releaseRule: 'manual',
    remark: '',
  };
}

/** 布置文件作业: a job given to classes, with its start, deadline, upload grace and when feedback is seen. */
export function FilejobAssignDrawer({ open, jobId, onClose }: { open: boolean; jobId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const phone = useScreen() === 0;
  const [form] = Form.useForm<Values>();
  const [job, setJob] = useState<Filejob | undefined>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset when the drawer opens only
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(startValues(jobId));
  }, [open]);

  const save = useMutation({
    mutationFn: (body: FilejobAssignmentBody) => filejobAssignmentApi.assign(body),
    onSuccess: (made) => {
      void message.success(t('filejob.created', { classes: made.classIds.length, students: made.progress.students }));
      void queryClient.invalidateQueries({ queryKey: [FILEJOB_ASSIGNMENT_KEY] });
      onClose();
    },
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v?.jobId || !v.startTime || !v.deadline) return;
    save.mutate({
      jobId: v.jobId,
      classIds: v.classIds,
      title: v.title?.trim() || undefined,
      startTime: v.startTime.toISOString(),
      deadline: v.deadline.toISOString(),
      graceMinutes: v.graceMinutes,
      releaseRule: v.releaseRule,
      remark: v.remark?.trim() ?? '',
    });
  };

  const rule = (prop: string, label: string, convert?: (v: unknown) => unknown): FormRule[] => {
    const r = schemaRule(filejobAssignmentFormSchema, prop, t(label), t, convert);
    return r ? [r] : [];
  };

  return (
    <Drawer
      title={t('filejob.assignTitle')}
      open={open}
      onClose={onClose}
      size={phone ? '100%' : 560}
      forceRender
      mask={{ closable: false }}
      footer={
        <Space className="crud-drawer-footer">
          <Button onClick={onClose}>{t('crud.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {t('filejob.submit')}
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} name="filejobAssignForm" layout="vertical" validateTrigger="onBlur">
        <Form.Item
          name="jobId"
          label={t('filejob.pickJob')}
          required
          rules={[{ required: true, message: t('filejob.jobRequired') }]}
          extra={
            job ? t('filejob.jobSummary', { score: job.score, policy: t(`filejob.late.${job.latePolicy}`) }) : undefined
          }
        >
          <TemplateSelect<Filejob>
            resource="filejob"
            list={filejobApi.list}
            placeholder={t('filejob.jobPlaceholder')}
            onPick={setJob}
          />
        </Form.Item>
        <Form.Item name="title" label={t('filejob.titleField')} extra={t('filejob.titleHelp')}>
          <Input maxLength={100} placeholder={job?.title} allowClear />
        </Form.Item>
        <Form.Item name="classIds" label={t('filejob.classes')} required rules={rule('classIds', 'filejob.classes')}>
          <ClassesSelect placeholder={t('filejob.classesPlaceholder')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="startTime"
              label={t('filejob.startTime')}
              required
              rules={rule('startTime', 'filejob.startTime', toDate)}
            >
              <DateTimeInput />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="deadline"
              label={t('filejob.deadline')}
              required
              dependencies={['startTime']}
              rules={[
                ...rule('deadline', 'filejob.deadline', toDate),
                closeAfterOpen(t, 'startTime', 'filejob.deadlineAfterStart'),
              ]}
            >
              <DateTimeInput />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="graceMinutes" label={t('filejob.grace')} extra={t('filejob.graceHelp')}>
          <UnitNumber max={1440} unit="filejob.minutes" />
        </Form.Item>
        <Form.Item name="releaseRule" label={t('filejob.releaseRule')} required>
          <Choice options={RELEASE_RULES.map((r) => ({ value: r, label: `filejob.releaseRules.${r}` }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('filejob.remark')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
