import { ArrowLeftOutlined } from '@ant-design/icons';
import type { CourseTopicNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { canChangeCourse, courseApi } from '../../../api/course.ts';
import { COURSES_PATH } from '../routes.ts';
import { CoursePapers } from './CoursePapers.tsx';
import { CoursePicker } from './CoursePicker.tsx';
import { Coursewares } from './Coursewares.tsx';
import styles from './editor.module.css';
import { TopicTree } from './TopicTree.tsx';

/**
 * 课程知识点 (the course editor, `?courseId=`): the course's topic tree on the left, the picked topic's coursewares
 * and practice papers on the right; on a phone the tree comes first, above them. Someone who may only read the
 * course sees it all without the buttons that change it.
 */
export default function CourseEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const courseId = params.get('courseId') ?? undefined;
  const [topic, setTopic] = useState<CourseTopicNode>();
  const course = useQuery({
    queryKey: ['course', 'detail', courseId],
    queryFn: () => courseApi.detail(courseId!),
    enabled: Boolean(courseId),
  });
  const editable = canChangeCourse(course.data?.access);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Space wrap size={12} style={{ alignItems: 'center' }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(COURSES_PATH)}>
            {t('course.editor.back')}
          </Button>
          <CoursePicker
            {...(courseId ? { value: courseId } : {})}
            onChange={(id) => {
              setTopic(undefined);
              setParams({ courseId: id });
            }}
          />
          {course.data && (
            <>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                {course.data.name}
              </Typography.Title>
              <Tag color={course.data.published ? 'green' : 'default'}>
                {t(course.data.published ? 'course.state.published' : 'course.state.draft')}
              </Tag>
              {!editable && <Tag>{t('course.editor.readOnly')}</Tag>}
            </>
          )}
        </Space>
      </Card>
      {courseId && course.data ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={9} xl={8}>
            <TopicTree courseId={courseId} editable={editable} selectedId={topic?.id} onSelect={setTopic} />
          </Col>
          <Col xs={24} lg={15} xl={16} style={{ minWidth: 0 }}>
            {topic ? (
              <Space direction="vertical" size={16} style={{ width: '100%' }} key={topic.id}>
                <Coursewares
                  courseSubId={topic.id}
                  editable={editable}
                  heading={t('course.ware.of', { name: topic.name })}
                />
                <CoursePapers
                  courseId={courseId}
                  courseSubId={topic.id}
                  editable={editable}
                  heading={t('course.paper.of', { name: topic.name })}
                />
              </Space>
            ) : (
              <Card variant="borderless" className={styles.side}>
                <Empty description={t('course.editor.pickTopic')} />
              </Card>
            )}
          </Col>
        </Row>
      ) : (
        <Card variant="borderless">
          <Empty description={t(courseId ? 'course.loading' : 'course.editor.pickCourse')} />
        </Card>
      )}
    </Space>
  );
}
