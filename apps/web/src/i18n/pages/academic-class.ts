import { pageMessages } from '../pages.ts';

/** 班级管理, 我的班级 and joining a class by its QR code. */
export default pageMessages({
  zh: {
    academic: {
      clazz: {
        title: '年级或班级',
        category: '类型',
        grade: '年级',
        class: '班级',
        name: '名称',
        parent: '所属年级',
        headTeacher: '班主任',
        enrolmentYear: '入学年份',
        direction: '专业方向',
        studentCount: '学生数',
      },
      mine: {
        title: '我的班级',
        teachers: '任课教师',
        noTerm: '暂无当前学期',
        noTeachers: '暂无任课教师',
        notStudent: '你还不是任何班级的学生',
        notStudentHint: '请使用老师提供的班级二维码加入班级，或联系学校管理员。',
      },
      bind: {
        pageTitle: '加入班级',
        title: '加入「{{name}}」',
        hint: '确认后你将转入该班级，原班级会记录在你的班级记录中。',
        join: '加入班级',
        joined: '已加入班级',
        teacher: '教师',
        expires: '二维码有效期至',
        invalid: '二维码无效或已过期',
      },
    },
  },
  en: {
    academic: {
      clazz: {
        title: 'grade or class',
        category: 'Type',
        grade: 'Grade',
        class: 'Class',
        name: 'Name',
        parent: 'Grade',
        headTeacher: 'Head teacher',
        enrolmentYear: 'Enrolment year',
        direction: 'Direction',
        studentCount: 'Students',
      },
      mine: {
        title: 'My class',
        teachers: 'Teachers',
        noTerm: 'No current term',
        noTeachers: 'No teachers yet',
        notStudent: 'You are not in a class yet',
        notStudentHint: "Join with your teacher's class QR code, or ask your school's administrator.",
      },
      bind: {
        pageTitle: 'Join a class',
        title: 'Join "{{name}}"',
        hint: 'Your class changes to this one; your previous class stays in your class history.',
        join: 'Join the class',
        joined: 'You joined the class',
        teacher: 'Teacher',
        expires: 'QR code valid until',
        invalid: 'The QR code is invalid or has expired',
      },
    },
  },
});
