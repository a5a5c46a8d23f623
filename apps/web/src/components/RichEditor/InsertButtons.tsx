import { FunctionOutlined, PictureOutlined, SoundOutlined } from '@ant-design/icons';
import { acceptOf } from '@shixun/contracts';
import type { Editor } from '@tiptap/react';
import { Button, Dropdown, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadInto } from './upload.ts';

interface Props {
  editor: Editor;
  onFormula: () => void;
  onPickPicture: () => void;
}

/** 公式, 图片 (upload several, or pick one already uploaded) and 音频 (mp3, wav, wma). */
export function InsertButtons({ editor, onFormula, onPickPicture }: Props) {
  const { t } = useTranslation();
  const pictures = useRef<HTMLInputElement>(null);
  const sounds = useRef<HTMLInputElement>(null);
  const filesOf = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    input.value = '';
    return files;
  };
  const keepSelection = (e: { preventDefault: () => void }) => e.preventDefault();

  return (
    <>
      <Tooltip title={t('editor.formula')} mouseEnterDelay={0.4}>
        <Button
          type="text"
          size="small"
          icon={<FunctionOutlined />}
          aria-label={t('editor.formula')}
          onMouseDown={keepSelection}
          onClick={onFormula}
        />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'upload', label: t('editor.imageUpload') },
            { key: 'pick', label: t('editor.imagePick') },
          ],
          onClick: ({ key }) => (key === 'upload' ? pictures.current?.click() : onPickPicture()),
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<PictureOutlined />}
          aria-label={t('editor.image')}
          title={t('editor.image')}
          onMouseDown={keepSelection}
        />
      </Dropdown>
      <Tooltip title={t('editor.audio')} mouseEnterDelay={0.4}>
        <Button
          type="text"
          size="small"
          icon={<SoundOutlined />}
          aria-label={t('editor.audio')}
          onMouseDown={keepSelection}
          onClick={() => sounds.current?.click()}
        />
      </Tooltip>
      <input
        ref={pictures}
        type="file"
        multiple
        style={{ display: 'none' }}
        accept={acceptOf('image')}
        data-testid="editor-image-input"
        onChange={(e) => void uploadInto(editor, filesOf(e.currentTarget), 'image')}
      />
      <input
        ref={sounds}
        type="file"
        style={{ display: 'none' }}
        accept={acceptOf('audio')}
        data-testid="editor-audio-input"
        onChange={(e) => void uploadInto(editor, filesOf(e.currentTarget), 'audio')}
      />
    </>
  );
}
