import { DownloadOutlined } from '@ant-design/icons';
import type { Course } from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Drawer, Empty, Form, Row, Space, Spin, Statistic, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { courseSubApi, topicTreeKey } from '../../../api/course.ts';
import { classProgressKey, courseProgressApi } from '../../../api/course-progress.ts';
import { ClassPicker } from './ClassPicker.tsx';
import { summarize, topicsWithoutWares } from './matrix.ts';
import { ProgressMatrix } from './ProgressMatrix.tsx';
import styles from './progress.module.css';
import { VideoDropoff } from './VideoDropoff.tsx';

/**
 * 学习进度 of a course, one class at a time: the class at a glance (students, average, finished), the class × topic
 * matrix, where each video loses its viewers, and the matrix as an Excel file. A course without classes, a class
 * without students and a class where nobody began each say so.
 */
export function ProgressDrawer({ course, onClose }: { course: Course | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [classId, setClassId] = useState<string>();
  // A course opened picks its first class; another course's class never carries over.
  useEffect(() => setClassId(course?.classes[0]?.classId), [course]);
  const courseId = course?.id ?? '';
  const progress = useQuery({
    queryKey: classProgressKey(courseId, classId ?? ''),
    queryFn: () => courseProgressApi.classProgress(courseId, classId!),
    enabled: Boolean(course && classId),
  });
  // Which topics hold no courseware at all (the progress answer does not say): shown "—" rather than 100 %.
  const tree = useQuery({
    queryKey: topicTreeKey(courseId),
    queryFn: () => courseSubApi.tree(courseId),
    enabled: Boolean(course),
  });
  const exporting = useMutation({
    mutationFn: () => courseProgressApi.exportExcel(courseId, classId!),
    onSuccess: () => void message.success(t('courseProgress.exported')),
  });
  const data = progress.data;
  const summary = data ? summarize(data) : undefined;

  let body: ReactNode = null;
  if (!course) body = null;
  else if (!course.classes.length) body = <Empty description={t('courseProgress.noClasses')} />;
  else if (progress.isLoading)
    body = (
      <Spin tip={t('courseProgress.loading')}>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  else if (progress.isError) body = <Alert type="error" showIcon message={progress.error.message} />;
  else if (data && summary) {
    body = (
      <Space direction="vertical" size={20} style={{ width: '100%' }}>
        <Row gutter={[16, 16]} className={styles.summary}>
          <Col xs={12} md={6}>
            <Statistic title={t('courseProgress.summary.students')} value={summary.students} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('courseProgress.summary.average')} value={summary.average} suffix="%" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('courseProgress.summary.finished')} value={summary.finished} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('courseProgress.summary.started')} value={summary.started} />
          </Col>
        </Row>
        <section aria-labelledby="progress-matrix-title">
          <Typography.Title level={3} id="progress-matrix-title" style={{ fontSize: 16 }}>
            {t('courseProgress.matrix')}
          </Typography.Title>
          {!summary.students ? (
            <Empty description={t('courseProgress.noStudents')} />
          ) : !data.topics.length ? (
            <Empty description={t('courseProgress.noTopics')} />
          ) : (
            <>
              {!summary.started && (
                <Alert type="info" showIcon message={t('courseProgress.notStarted')} style={{ marginBottom: 12 }} />
              )}
              <Typography.Paragraph type="secondary">{t('courseProgress.matrixHint')}</Typography.Paragraph>
              <ProgressMatrix progress={data} empty={topicsWithoutWares(tree.data ?? [])} />
            </>
          )}
        </section>
        <section aria-labelledby="progress-videos-title">
          <Typography.Title level={3} id="progress-videos-title" style={{ fontSize: 16 }}>
            {t('courseProgress.videos')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('courseProgress.videosHint')}</Typography.Paragraph>
          <VideoDropoff videos={data.videos} />
        </section>
      </Space>
    );
  }

  return (
    <Drawer
      open={course !== null}
      onClose={onClose}
      title={t('courseProgress.title', { name: course?.name ?? '' })}
      width="min(1100px, 100vw)"
      destroyOnHidden
    >
      {course && course.classes.length > 0 && (
        <Space wrap size={12} style={{ marginBottom: 16 }}>
          <Form.Item label={t('courseProgress.class')} htmlFor="progress-class" style={{ margin: 0 }}>
            <ClassPicker
              id="progress-class"
              classes={course.classes}
              {...(classId ? { value: classId } : {})}
              onChange={setClassId}
            />
          </Form.Item>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            disabled={!classId || !data}
            onClick={() => exporting.mutate()}
          >
            {t('courseProgress.export')}
          </Button>
        </Space>
      )}
      {body}
    </Drawer>
  );
}
