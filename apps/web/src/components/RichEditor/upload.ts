import type { UploadCategory } from '@shixun/contracts';
import type { Editor } from '@tiptap/react';
import { putFile } from '../../api/upload.ts';

/**
 * Uploads files one after another and puts each into the document where the caret is (pictures inline, sound as a
 * player). The server decides what each file is; a refused one is reported by the HTTP client and skipped.
 */
export async function uploadInto(editor: Editor, files: File[], category: Extract<UploadCategory, 'image' | 'audio'>) {
  for (const file of files) {
    const saved = await putFile(file, category).catch(() => null);
    if (!saved || editor.isDestroyed) continue;
    const chain = editor.chain().focus();
    if (category === 'image') chain.setImage({ src: saved.link, alt: saved.originalName }).run();
    else chain.setAudio(saved.link).run();
  }
}

/** Picture files among pasted or dropped data (what a screenshot tool or a file manager hands over). */
export function picturesIn(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])].filter((f) => f.type.startsWith('image/'));
}
