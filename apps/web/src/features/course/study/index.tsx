import { ArrowLeftOutlined, LockOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { CourseTopicNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Grid, Progress, Result, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { courseStudyApi } from '../../../api/course-study.ts';
import { MY_COURSES_PATH } from '../routes.ts';
import styles from './study.module.css';
import { TopicContent } from './TopicContent.tsx';
import { TopicNav } from './TopicNav.tsx';
import { firstTopic, flatten, lockText } from './topics.ts';

/** `t` of a deep link: whole seconds of a video, or a page of a document. */
const startOf = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
};

/**
 * 在线学习 (`/jd/study_online/course_sub?courseId=`): the course's contents on the left (on a phone, a drawer opened
 * above the content), the open topic's coursewares and practice on the right. `topicId`, `coursewareId` and `t`
 * open a place in it (wrong answers link to the courseware that teaches them): the topic, the courseware scrolled
 * to, the video at t seconds or the document at page t.
 */
export default function StudyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().lg ?? true;
  const [params, setParams] = useSearchParams();
  const courseId = params.get('courseId') ?? undefined;
  const [drawer, setDrawer] = useState(false);
  const tree = useQuery({
    queryKey: ['course_study', 'tree', courseId],
    queryFn: () => courseStudyApi.tree(courseId!),
    enabled: Boolean(courseId),
    retry: false,
  });
  const progress = useQuery({
    queryKey: ['course_study', 'progress', courseId],
    queryFn: () => courseStudyApi.progress(courseId!),
    enabled: Boolean(courseId),
    retry: false,
  });
  const nodes = tree.data ?? [];
  const byId = useMemo(() => new Map(flatten(nodes).map((f) => [f.node.id, f.node])), [nodes]);
  const named = params.get('topicId');
  const topic: CourseTopicNode | undefined = named ? byId.get(named) : firstTopic(nodes);
  const select = (node: CourseTopicNode) => {
    setParams({ courseId: courseId!, topicId: node.id }, { replace: true });
    setDrawer(false);
  };
  const nav = <TopicNav nodes={nodes} selectedId={topic?.id} onSelect={select} />;

  const head = (
    <Card variant="borderless" className={styles.head}>
      <div className={styles.headRow}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MY_COURSES_PATH)}>
          {t('courseStudy.back')}
        </Button>
        {!wide && tree.data && (
          <Button icon={<UnorderedListOutlined />} onClick={() => setDrawer(true)} aria-haspopup="dialog">
            {t('courseStudy.treeOpen')}
          </Button>
        )}
        {progress.data && (
          <div className={styles.coursePercent}>
            <span>{t('courseStudy.coursePercent', { percent: progress.data.percent })}</span>
            <Progress
              percent={progress.data.percent}
              showInfo={false}
              size="small"
              aria-label={t('courseStudy.coursePercent', { percent: progress.data.percent })}
            />
          </div>
        )}
      </div>
    </Card>
  );

  let main: React.ReactNode;
  if (!courseId) main = <Empty description={t('courseStudy.pickCourse')} />;
  else if (tree.isLoading) main = <Skeleton active />;
  else if (tree.isError) main = <Result status="404" title={t('courseStudy.notFound')} />;
  else if (!topic) main = <Empty description={t('courseStudy.pickTopic')} />;
  else if (topic.lockReason) main = <Result icon={<LockOutlined />} title={topic.name} subTitle={lockText(t, topic)} />;
  else {
    const coursewareId = params.get('coursewareId') ?? undefined;
    main = (
      <TopicContent
        key={topic.id}
        topic={topic}
        coursewareId={coursewareId}
        startAt={coursewareId ? startOf(params.get('t')) : undefined}
      />
    );
  }

  return (
    <div className={styles.page}>
      {head}
      <div className={styles.layout}>
        {wide && tree.data && (
          <Card
            variant="borderless"
            className={styles.side}
            title={<h2 className={styles.heading}>{t('courseStudy.tree')}</h2>}
          >
            {nav}
          </Card>
        )}
        {/* The shell's <main> holds the page: this is a region of it. */}
        <section className={styles.main} aria-label={topic?.name ?? t('courseStudy.tree')}>
          {main}
        </section>
      </div>
      {!wide && (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          title={t('courseStudy.tree')}
          placement="left"
          size="default"
        >
          {nav}
        </Drawer>
      )}
    </div>
  );
}
