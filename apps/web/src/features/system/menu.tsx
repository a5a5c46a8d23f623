import { PlusOutlined } from '@ant-design/icons';
import { MENU_CATEGORY, MENU_OPEN, menuFormSchema } from '@shixun/contracts';
import { type MenuRow, menuApi } from '../../api/system.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { IconPreview, IconSelect } from '../../components/IconSelect.tsx';
import { CategoryTag, OpenCell, RolesCell, RolesInput } from '../../components/menu/cells.tsx';
import { i18n } from '../../i18n/index.ts';
import { localName } from '../../i18n/local-name.ts';

/** Parent choices: the top level, then every page (a button cannot hold anything). */
const parentChoices = async () => [
  { id: '0', parentId: '', key: '0', value: '0', title: i18n.t('menuPage.root'), hasChildren: false },
  ...(await menuApi.tree()),
];

/**
 * 菜单管理: the one menu tree of the installation — pages and their buttons, one level at a time; a search by name
 * or code shows every match wherever it sits. Only the platform administrator may change it (the server says so).
 */
const option: CrudOption<MenuRow, typeof menuFormSchema> = {
  biz: 'menu',
  title: 'menuPage.title',
  rowKey: 'id',
  api: menuApi,
  formSchema: menuFormSchema,
  lazyTree: { children: menuApi.lazyList, search: menuApi.search },
  defaults: { parentId: '0', category: MENU_CATEGORY.menu, isOpen: MENU_OPEN.inside, sort: 1, status: 1 },
  columns: [
    {
      prop: 'parentId',
      label: 'menuPage.parentId',
      type: 'treeSelect',
      loadOptions: parentChoices,
      optionsKey: 'menu-tree',
      hideInTable: true,
    },
    {
      prop: 'name',
      label: 'menuPage.name',
      search: true,
      half: true,
      render: (_, row) => localName(row.name, row.nameEn),
    },
    { prop: 'nameEn', label: 'english.name', help: 'english.help', half: true, hideInTable: true },
    { prop: 'code', label: 'menuPage.code', search: true, half: true },
    {
      prop: 'category',
      label: 'menuPage.category',
      type: 'select',
      search: true,
      options: [
        { label: 'menuPage.categoryMenu', value: MENU_CATEGORY.menu },
        { label: 'menuPage.categoryButton', value: MENU_CATEGORY.button },
      ],
      render: (value) => <CategoryTag value={value} />,
      half: true,
    },
    { prop: 'alias', label: 'menuPage.alias', hideInTable: true, half: true },
    { prop: 'path', label: 'menuPage.path', help: 'menuPage.pathHelp' },
    {
      prop: 'source',
      label: 'menuPage.source',
      type: 'select',
      control: (placeholder) => <IconSelect placeholder={placeholder} />,
      render: (value) => <IconPreview source={String(value ?? '')} />,
      half: true,
    },
    { prop: 'sort', label: 'menuPage.sort', type: 'number', half: true },
    {
      prop: 'action',
      label: 'menuPage.action',
      type: 'select',
      dict: { code: 'button_func', numeric: true },
      hideInTable: true,
      half: true,
    },
    {
      prop: 'isOpen',
      label: 'menuPage.isOpen',
      type: 'select',
      options: [
        { label: 'menuPage.openInside', value: MENU_OPEN.inside },
        { label: 'menuPage.openNewWindow', value: MENU_OPEN.newWindow },
      ],
      render: (value) => <OpenCell value={value} />,
      half: true,
    },
    { prop: 'i18n', label: 'menuPage.i18n', help: 'menuPage.i18nHelp' },
    {
      prop: 'roles',
      label: 'menuPage.roles',
      control: (placeholder) => <RolesInput placeholder={placeholder} />,
      render: (value) => <RolesCell value={value} />,
      help: 'menuPage.rolesHelp',
    },
    { prop: 'remark', label: 'menuPage.remark', type: 'textarea', hideInTable: true },
    { prop: 'status', label: 'menuPage.status', type: 'status' },
  ],
  // A top-level group usually holds pages; a page holds its buttons. Either can be changed in the form.
  rowActions: (row, ctx) =>
    row.category === MENU_CATEGORY.menu
      ? [
          {
            code: 'menu_add',
            icon: <PlusOutlined />,
            label: 'menuPage.addChild',
            onClick: () =>
              ctx.openAdd({
                parentId: row.id,
                category: row.parentId === '0' ? MENU_CATEGORY.menu : MENU_CATEGORY.button,
              }),
          },
        ]
      : [],
};

export default function MenuPage() {
  return <CrudPage option={option} />;
}
