import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PLATFORM_TENANT_ID, type QuestionDraft } from '@shixun/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { newId } from '../core/db/ids.ts';
import { flag, questionLib, questionLibPermission } from '../db/schema/index.ts';
import { insertDrafts, mapText } from '../modules/question/question.drafts.ts';
import { formulasAsNodes } from '../modules/question/transfer/html.ts';
import { DEMO_KNOWLEDGE, MATHS, MECHANICS } from './question-demo-data.ts';

const T = PLATFORM_TENANT_ID;
/** teacher1 (王老师) owns the demo libraries; teacher2 (李老师) may read the first. */
const OWNER = '70200';
const READER = '70201';
const LIBS = { mechanics: '71100', maths: '71101' };

type Draft = (typeof MECHANICS)[number];
type Painter = (ctx: import('@napi-rs/canvas').SKRSContext2D) => void;

/** Line drawings for the picture questions (labels in Latin letters: the seed has no CJK font). */
const PICTURES: Record<string, { width: number; height: number; draw: Painter }> = {
  shaft: {
    width: 360,
    height: 160,
    draw(c) {
      c.strokeRect(60, 50, 240, 60);
      c.setLineDash([12, 4, 2, 4]);
      c.beginPath();
      c.moveTo(40, 80);
      c.lineTo(320, 80);
      c.stroke();
      c.setLineDash([]);
      c.beginPath();
      c.moveTo(330, 50);
      c.lineTo(330, 110);
      c.stroke();
      c.fillText('φ20', 336, 86);
    },
  },
  stepped: {
    width: 420,
    height: 200,
    draw(c) {
      c.strokeRect(40, 75, 100, 50);
      c.strokeRect(140, 55, 120, 90);
      c.strokeRect(260, 65, 100, 70);
      c.fillText('A', 82, 70);
      c.fillText('φ20', 70, 145);
      c.fillText('φ30', 182, 165);
      c.fillText('φ25', 292, 155);
      c.beginPath();
      c.moveTo(40, 185);
      c.lineTo(360, 185);
      c.stroke();
      c.fillText('80', 192, 182);
    },
  },
  triangle: {
    width: 300,
    height: 220,
    draw(c) {
      c.beginPath();
      c.moveTo(50, 180);
      c.lineTo(250, 180);
      c.lineTo(50, 30);
      c.closePath();
      c.stroke();
      c.strokeRect(50, 165, 15, 15);
      c.fillText('C', 30, 198);
      c.fillText('B', 256, 198);
      c.fillText('A', 30, 30);
      c.fillText('4', 145, 200);
      c.fillText('3', 32, 110);
    },
  },
};

/**
 * Draws the pictures into the platform tenant's local files (`/files/000000/...`, a place rich text may show
 * pictures from) and returns name → link.
 */
async function drawPictures(filesDir: string): Promise<Map<string, string>> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const links = new Map<string, string>();
  const folder = path.join(filesDir, T, '20260901');
  await mkdir(folder, { recursive: true });
  for (const [name, pic] of Object.entries(PICTURES)) {
    const canvas = createCanvas(pic.width, pic.height);
    const c = canvas.getContext('2d');
    c.fillStyle = '#ffffff';
    c.fillRect(0, 0, pic.width, pic.height);
    c.strokeStyle = '#1f2937';
    c.fillStyle = '#1f2937';
    c.lineWidth = 2;
    c.font = '16px sans-serif';
    pic.draw(c);
    const file = `demo-picture-${name}.png`;
    await writeFile(path.join(folder, file), canvas.toBuffer('image/png'));
    links.set(name, `/files/${T}/20260901/${file}`);
  }
  return links;
}

/**
 * The demo school's question bank: the knowledge tree, two libraries of teacher1 (机械基础, shared with teacher2 to
 * read; 数学与英语, published to the public library) with every question type. Seeded once; edits are kept.
 */
export async function seedQuestionDemo(db: Db, filesDir: string | undefined): Promise<void> {
  const [done] = await db.select({ id: questionLib.id }).from(questionLib).where(eq(questionLib.id, LIBS.mechanics));
  if (done) return;
  const pictures = filesDir ? await drawPictures(filesDir) : new Map<string, string>();
  const audit = { tenantId: T, createUser: OWNER, updateUser: OWNER };
  await db.transaction(async (tx) => {
    const knowledge = new Map<string, string>();
    let flagId = 71500;
    for (const [i, [root, points]] of DEMO_KNOWLEDGE.entries()) {
      const rootId = String(flagId++);
      await tx.insert(flag).values({ id: rootId, tenantId: T, kind: 'knowledge', name: root, sort: i + 1 });
      await tx.insert(flag).values(
        points.map((name, j) => {
          const id = String(flagId++);
          knowledge.set(name, id);
          return { id, tenantId: T, kind: 'knowledge', parentId: rootId, name, sort: j + 1 };
        }),
      );
    }
    await tx.insert(questionLib).values([
      { ...audit, id: LIBS.mechanics, name: '机械基础题库', remark: '机械制图、公差与配合、螺纹、车削与测量' },
      {
        ...audit,
        id: LIBS.maths,
        name: '数学与英语题库',
        discipline: 'math',
        remark: '公式与阅读理解示例',
        isPublic: 1,
      },
    ]);
    await tx.insert(questionLibPermission).values({
      ...audit,
      id: newId(),
      libId: LIBS.mechanics,
      granteeType: 'teacher',
      granteeId: READER,
      access: 'read',
    });

    /** A demo question as it is stored: defaults filled, its picture appended, `$…$` as formula nodes. */
    const stored = (d: Draft | QuestionDraft, libId: string) => {
      const picture = 'picture' in d && d.picture ? pictures.get(d.picture) : undefined;
      const draft: QuestionDraft = {
        type: d.type,
        stem: picture ? `${d.stem}<p><img src="${picture}" alt=""></p>` : d.stem,
        answer: d.answer ?? '',
        analysis: d.analysis ?? '',
        difficulty: d.difficulty ?? 2,
        score: d.score ?? 2,
        discipline: d.discipline ?? (libId === LIBS.maths ? 'math' : ''),
        source: '',
        config: d.config ?? {},
        items: d.items ?? [],
        knowledge: d.knowledge ?? [],
        children: [],
      };
      const flagIds = draft.knowledge.map((k) => knowledge.get(k)).filter((k): k is string => Boolean(k));
      return { draft: mapText(draft, formulasAsNodes), flagIds };
    };
    const owner = { tenantId: T, userId: OWNER, deptId: null };
    for (const [libId, drafts] of [
      [LIBS.mechanics, MECHANICS],
      [LIBS.maths, MATHS],
    ] as const) {
      await insertDrafts(
        tx,
        owner,
        libId,
        drafts.map((d) => ({ ...stored(d, libId), children: (d.children ?? []).map((c) => stored(c, libId)) })),
      );
    }
  });
}
