import type { Paper } from '@shixun/contracts';

/** The paper editor (组卷), a page of its own. */
export const editPath = (id: string) => `/paper/edit/${id}`;
/** The preview, as students get the paper. */
export const previewPath = (id: string) => `/paper/preview/${id}`;

/** A tag colour per kind of paper. */
export const TYPE_COLORS: Record<Paper['paperType'], string> = {
  exam: 'red',
  practice: 'blue',
  homework: 'green',
  practical: 'orange',
};
