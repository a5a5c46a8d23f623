import { pageMessages } from '../pages.ts';

/** 学校管理, 学年管理, 学期管理. */
export default pageMessages({
  zh: {
    academic: {
      school: {
        title: '学校',
        label: '学校',
        name: '学校名称',
        code: '学校编号',
        region: '所在地区',
        address: '地址',
        linkman: '联系人',
        phone: '联系电话',
        logo: '校徽',
        noLogo: '无',
        uploadLogo: '上传图片',
        removeLogo: '移除校徽',
      },
      schoolyear: { title: '学年', label: '学年', name: '学年名称' },
      term: {
        title: '学期',
        name: '学期名称',
        isCurrent: '当前学期',
        isCurrentHelp: '每个学校只有一个当前学期：设为当前后，原来的当前学期会自动取消。',
        current: '当前学期',
      },
    },
  },
  en: {
    academic: {
      school: {
        title: 'school',
        label: 'School',
        name: 'School name',
        code: 'School code',
        region: 'Region',
        address: 'Address',
        linkman: 'Contact person',
        phone: 'Contact phone',
        logo: 'Logo',
        noLogo: 'None',
        uploadLogo: 'Upload image',
        removeLogo: 'Remove logo',
      },
      schoolyear: { title: 'school year', label: 'School year', name: 'Name' },
      term: {
        title: 'term',
        name: 'Term name',
        isCurrent: 'Current term',
        isCurrentHelp: 'Each school has one current term: making this one current ends the other.',
        current: 'Current term',
      },
    },
  },
});
