import { pageMessages } from '../pages.ts';

/**
 * English labels of the seeded system dictionaries. Dictionaries are stored in Chinese only; in English an item whose
 * stored label is still the seeded one (`zh` here) is shown with its English label, and an item an administrator
 * renamed or added is shown as stored.
 */
export default pageMessages({
  zh: {
    dictLabel: {
      sex: { '0': '未知', '1': '男', '2': '女' },
      yes_no: { '0': '否', '1': '是' },
      status: { '0': '停用', '1': '启用' },
      menu_category: { '1': '菜单', '2': '按钮' },
      button_func: { '0': '无', '1': '工具栏', '2': '操作栏', '3': '工具操作栏' },
      user_type: { '1': 'WEB', '2': 'APP', '3': 'OTHER' },
      org_category: { '1': '公司', '2': '部门', '3': '小组' },
      post_category: { '1': '高层', '2': '中层', '3': '基层', '4': '其他' },
      notice: { '1': '发布通知', '2': '批转通知', '3': '转发通知', '4': '指示通知', '5': '任命通知' },
      data_scope_type: {
        '1': '全部可见',
        '2': '本人可见',
        '3': '所在机构可见',
        '4': '所在机构及子级可见',
        '5': '自定义',
      },
      api_scope_type: { '1': '系统接口', '2': '业务接口' },
      scope_category: { '1': '数据权限', '2': '接口权限' },
      region: { '1': '省份', '2': '地市', '3': '区县', '4': '乡镇', '5': '村委' },
    },
  },
  en: {
    dictLabel: {
      sex: { '1': 'Male', '2': 'Female', '0': 'Unknown' },
      yes_no: { '0': 'No', '1': 'Yes' },
      status: { '1': 'Enabled', '0': 'Disabled' },
      menu_category: { '1': 'Menu', '2': 'Button' },
      button_func: { '0': 'None', '1': 'Toolbar', '2': 'Row', '3': 'Toolbar and row' },
      user_type: { '1': 'Web', '2': 'App', '3': 'Other' },
      org_category: { '1': 'Organisation', '2': 'Department', '3': 'Group' },
      post_category: { '1': 'Senior', '2': 'Middle', '3': 'Junior', '4': 'Other' },
      notice: { '1': 'Announcement', '2': 'Circular', '3': 'Forwarded notice', '4': 'Instruction', '5': 'Appointment' },
      data_scope_type: {
        '1': 'Everything',
        '2': 'Own records',
        '3': 'Own department',
        '4': 'Own department and below',
        '5': 'Custom',
      },
      api_scope_type: { '1': 'System API', '2': 'Business API' },
      scope_category: { '1': 'Data scope', '2': 'API scope' },
      region: { '1': 'Province', '2': 'City', '3': 'District', '4': 'Township', '5': 'Village' },
    },
  },
});
