import { pageMessages } from '../pages.ts';

/** The files kept with a record (components/Attachments): evidence photos, drawings, a job's files. */
export default pageMessages({
  zh: {
    attachments: {
      takePhoto: '拍照',
      addPhotoOrPdf: '上传照片或 PDF',
      addFile: '上传文件',
      remove: '删除 {{name}}',
    },
  },
  en: {
    attachments: {
      takePhoto: 'Take a photo',
      addPhotoOrPdf: 'Upload a photo or PDF',
      addFile: 'Upload a file',
      remove: 'Remove {{name}}',
    },
  },
});
