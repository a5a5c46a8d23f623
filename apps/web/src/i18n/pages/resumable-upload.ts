import { pageMessages } from '../pages.ts';

/** Resumable uploads (components/ResumableUpload): hand-ins and attachments of any size. */
export default pageMessages({
  zh: {
    resumableUpload: {
      choose: '选择文件',
      limit: '单个文件不超过 {{size}}',
      uploading: '上传中',
      resuming: '网络中断，正在续传…',
      done: '已上传',
      failed: '上传失败：{{reason}}',
      cancelled: '已取消',
      cancel: '取消上传 {{name}}',
      progress: '{{name}} 的上传进度',
      bytes: '{{sent}} / {{total}}',
      tooLarge: '{{name}} 超过 {{size}}，不能上传',
      wrongType: '{{name}} 的类型不能上传，只能上传：{{types}}',
      empty: '{{name}} 是空文件，不能上传',
      tooMany: '一次最多上传 {{count}} 个文件',
    },
  },
  en: {
    resumableUpload: {
      choose: 'Choose files',
      limit: 'Up to {{size}} per file',
      uploading: 'Uploading',
      resuming: 'Connection lost — resuming…',
      done: 'Uploaded',
      failed: 'Upload failed: {{reason}}',
      cancelled: 'Cancelled',
      cancel: 'Cancel uploading {{name}}',
      progress: 'Upload progress of {{name}}',
      bytes: '{{sent}} / {{total}}',
      tooLarge: '{{name}} is larger than {{size}} and cannot be uploaded',
      wrongType: '{{name}} cannot be uploaded; allowed: {{types}}',
      empty: '{{name}} is empty and cannot be uploaded',
      tooMany: 'At most {{count}} files at a time',
    },
  },
});
