import { pageMessages } from '../pages.ts';

/** The course editor's topic order rules: the prerequisite lock and per-class release dates. */
export default pageMessages({
  zh: {
    courseTopic: {
      lock: '需完成上一个知识点',
      unlock: '取消“需完成上一个知识点”',
      locked: '已设为需完成上一个知识点',
      unlocked: '已取消学习顺序限制',
      lockedWords: '需先学完上一个',
      release: '开放时间',
      releaseTitle: '开放时间 · {{name}}',
      releaseHint: '为每个授课班级设置这个知识点的开放时间；不设置的班级随课程一起开放。',
      releaseNoClasses: '这门课程还没有授课班级，请先在课程管理中为课程添加授课班级。',
      releasePlaceholder: '随课程开放',
      releaseSaved: '开放时间已保存',
      releaseOne: '{{time}} 开放',
      releaseMany: '{{count}} 个班级定时开放',
      releaseFor: '{{className}}：{{time}}',
      readOnlyClasses: '只有能修改课程的人可以设置开放时间',
    },
  },
  en: {
    courseTopic: {
      lock: 'Requires the previous topic',
      unlock: 'Stop requiring the previous topic',
      locked: 'Now requires the previous topic',
      unlocked: 'No longer requires the previous topic',
      lockedWords: 'after the previous one',
      release: 'Release dates',
      releaseTitle: 'Release dates · {{name}}',
      releaseHint: 'When this topic opens to each class; a class without a date gets it with the course.',
      releaseNoClasses: 'This course is not taught to any class yet; add classes to the course first.',
      releasePlaceholder: 'Opens with the course',
      releaseSaved: 'Release dates saved',
      releaseOne: 'opens {{time}}',
      releaseMany: 'opens on set dates for {{count}} classes',
      releaseFor: '{{className}}: {{time}}',
      readOnlyClasses: 'Only those who may change the course set release dates',
    },
  },
});
