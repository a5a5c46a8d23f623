import {
  PRACTICAL_RELEASE_RULES,
  type PracticalAssignBody,
  type PracticalPaper,
  practicalAssignFormSchema,
  RECORDERS,
  type Recorder,
} from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Drawer, Form, type FormRule, Input, Row, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { practicalAssignmentApi, practicalPaperApi } from '../../api/practical.ts';
import { useScreen } from '../../app/useScreen.ts';
import { schemaRule } from '../../components/CrudPage/schema-rules.ts';
import { ClassesSelect } from '../assignment/ClassesSelect.tsx';
import { defaultWindow } from '../assignment/logic.ts';
import { TemplateSelect } from '../assignment/TemplateSelect.tsx';
import { closeAfterOpen, toDate } from '../assignment/window-rule.ts';
import { Choice, DateTimeInput, UnitNumber } from '../paper/FormControls.tsx';

export const PRACTICAL_ASSIGNMENT_KEY = 'practical_teacher';

interface Values {
  paperId?: string;
  title?: string;
  classIds: string[];
  openTime?: Dayjs | null;
  closeTime?: Dayjs | null;
  recorder: Recorder;
  checkShare: number;
  releaseRule: (typeof PRACTICAL_RELEASE_RULES)[number];
  remark?: string;
}

function startValues(paperId?: string): Values {
  const { open, close } = defaultWindow(new Date());
  return {
    paperId,
    classIds: [],
    openTime: dayjs(open),
    closeTime: dayjs(close),
    recorder: 'both',
    checkShare: 20,
    releaseRule: 'manual',
    remark: '',
  };
}

/** 发布实训: a task given to classes, with its window, who records and when scores are out. */
export function PracticalAssignDrawer({
  open,
  paperId,
  onClose,
}: {
  open: boolean;
  paperId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const phone = useScreen() === 0;
  const [form] = Form.useForm<Values>();
  const [task, setTask] = useState<PracticalPaper | undefined>();
  const recorder = Form.useWatch('recorder', form);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset when the drawer opens only
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(startValues(paperId));
  }, [open]);

  const save = useMutation({
    mutationFn: (body: PracticalAssignBody) => practicalAssignmentApi.assign(body),
    onSuccess: (made) => {
      void message.success(
        t('practicalWork.created', { classes: made.classIds.length, students: made.progress.students }),
      );
      void queryClient.invalidateQueries({ queryKey: [PRACTICAL_ASSIGNMENT_KEY] });
      onClose();
    },
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v?.paperId || !v.openTime || !v.closeTime) return;
    save.mutate({
      paperId: v.paperId,
      classIds: v.classIds,
      title: v.title?.trim() || undefined,
      openTime: v.openTime.toISOString(),
      closeTime: v.closeTime.toISOString(),
      recorder: v.recorder,
      checkShare: v.checkShare,
      releaseRule: v.releaseRule,
      remark: v.remark?.trim() ?? '',
    });
  };

  const rule = (prop: string, convert?: (v: unknown) => unknown): FormRule[] => {
    const r = schemaRule(practicalAssignFormSchema, prop, t(`practicalWork.${prop}`), t, convert);
    return r ? [r] : [];
  };
  const afterOpen = closeAfterOpen(t);

  return (
    <Drawer
      title={t('practicalWork.assignTitle')}
      open={open}
      onClose={onClose}
      size={phone ? '100%' : 560}
      forceRender
      mask={{ closable: false }}
      footer={
        <Space className="crud-drawer-footer">
          <Button onClick={onClose}>{t('crud.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {t('practicalWork.submit')}
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} name="practicalAssignForm" layout="vertical" validateTrigger="onBlur">
        <Form.Item
          name="paperId"
          label={t('practicalWork.task')}
          required
          rules={[{ required: true, message: t('practicalWork.taskRequired') }]}
          extra={task ? t('practicalWork.taskSummary', { score: task.totalScore, points: task.pointCount }) : undefined}
        >
          <TemplateSelect<PracticalPaper>
            resource="practical_paper"
            list={practicalPaperApi.list}
            placeholder={t('practicalWork.taskPlaceholder')}
            onPick={setTask}
          />
        </Form.Item>
        <Form.Item name="title" label={t('practicalWork.title')} extra={t('practicalWork.titleHelp')}>
          <Input maxLength={100} placeholder={task?.title} allowClear />
        </Form.Item>
        <Form.Item name="classIds" label={t('practicalWork.classes')} required rules={rule('classIds')}>
          <ClassesSelect placeholder={t('practicalWork.classesPlaceholder')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="openTime" label={t('practicalWork.openTime')} required rules={rule('openTime', toDate)}>
              <DateTimeInput />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="closeTime"
              label={t('practicalWork.closeTime')}
              required
              dependencies={['openTime']}
              rules={[...rule('closeTime', toDate), afterOpen]}
            >
              <DateTimeInput />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="recorder" label={t('practicalWork.recorder')} required extra={t('practicalWork.recorderHelp')}>
          <Choice options={RECORDERS.map((r) => ({ value: r, label: `practicalWork.recorders.${r}` }))} />
        </Form.Item>
        <Form.Item name="checkShare" label={t('practicalWork.checkShare')} hidden={recorder !== 'both'}>
          <UnitNumber max={100} unit="practicalWork.percent" />
        </Form.Item>
        <Form.Item name="releaseRule" label={t('practicalWork.releaseRule')} required>
          <Choice
            options={PRACTICAL_RELEASE_RULES.map((r) => ({ value: r, label: `practicalWork.releaseRules.${r}` }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('practicalWork.remark')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
