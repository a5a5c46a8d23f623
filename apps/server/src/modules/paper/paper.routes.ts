import {
  batchScoreSchema,
  blueprintSchema,
  drawSchema,
  FILE_KINDS,
  idSchema,
  importQuestionsSchema,
  PAPER_OPEN_PATH,
  PAPER_QRCODE_DAYS,
  paperDownloadSchema,
  paperTitleFormSchema,
  questionFormSchema,
  quotePaperSchema,
  scoreSchema,
  translate,
} from '@shixun/contracts';
import QRCode from 'qrcode';
import { z } from 'zod';
import { access, principalOf } from '../../core/access/guard.ts';
import type { TokenService } from '../../core/auth/tokens.ts';
import { callOf } from '../../core/crud/mount.ts';
import { referencePlaces } from '../../core/crud/references.ts';
import { resourceService } from '../../core/crud/service.ts';
import type { Db } from '../../core/db/client.ts';
import { readStoredFile } from '../../core/docx/pictures.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import { sendDownload } from '../../core/http/download.ts';
import { ok } from '../../core/http/envelope.ts';
import { localeOf } from '../../core/http/locale.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { checkBlueprint, drawBlueprint } from './paper.blueprint.ts';
import { copyPaper } from './paper.copy.ts';
import { OPEN_PURPOSE, openedPaper } from './paper.open.ts';
import { paperPolicy } from './paper.policy.ts';
import { paperResource } from './paper.resource.ts';
import { addNewQuestion, importQuestions, setQuestionScores } from './paper.sections.ts';
import { paperView } from './paper.view.ts';
import { writePaperWord } from './paper.word.ts';
import { paperQuestionResource } from './paper-question.resource.ts';
import { paperTitleResource } from './paper-title.resource.ts';

const exam = '/api/exam/pc/paper';
const jd = paperResource.basePath;
const idParams = z.object({ id: idSchema });
// Parsed by the add or the edit form inside submit: which one depends on the id, and its code is checked first.
const formBody = z.record(z.string(), z.unknown()).nullish();

/**
 * The `/api/exam/pc/paper` family (SPEC §7) over the factory's paper, paper_title and paper_question resources
 * (their jd CRUD, the title and question moves and the title copy are the factory's), and what no CRUD can say:
 * the paper as its sections hold it, adding bank questions, batch scores, random composition, quoting, the QR code.
 */
export function paperRoutes(app: TypedApp, deps: { db: Db; tokens: TokenService; files: FileStore }): void {
  const { db, tokens, files } = deps;
  const papers = resourceService(paperResource);
  const titles = resourceService(paperTitleResource);
  const view = access.permission('paper_view');
  const edit = access.permission('paper_edit');

  app.post(
    `${exam}/save`,
    { config: { access: access.permission(['paper_add', 'paper_edit']) }, schema: { body: formBody } },
    async (req) => ok(localeOf(req), await papers.submit(callOf(req), req.body ?? {})),
  );
  app.get(`${exam}/get/:id`, { config: { access: view }, schema: { params: idParams } }, async (req) =>
    ok(localeOf(req), await papers.detail(callOf(req), req.params.id)),
  );
  app.delete(
    `${exam}/delete/:id`,
    { config: { access: access.permission('paper_delete') }, schema: { params: idParams } },
    async (req) => {
      await papers.remove(callOf(req), { ids: [req.params.id] });
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /** `POST quote`: a paper the caller may read (a published one) copied as their own, private. */
  app.post(
    `${jd}/quote`,
    { config: { access: access.permission('paper_quote') }, schema: { body: quotePaperSchema } },
    async (req) => {
      const p = principalOf(req);
      const locale = localeOf(req);
      const body = req.body;
      const id = await paperPolicy.quote(db, p, body.id, (tx, source) =>
        copyPaper(tx, p, source, body.title || source.title),
      );
      const copy = await papers.detail(callOf(req), id);
      return { ...ok(locale, copy), msg: translate(locale, 'paper.quoted', { name: copy.title }) };
    },
  );

  /** The paper with its sections and questions — answers included for those who may change it (the editor). */
  app.get(`${exam}/title/tree/:id`, { config: { access: view }, schema: { params: idParams } }, async (req) =>
    ok(localeOf(req), await paperView(db, principalOf(req), req.params.id, { answers: true })),
  );

  /** Preview `paper/0/0/{id}`: as a student gets it; `answers=1` adds the key for those who may change it. */
  app.get(
    `${exam}/paper/0/0/:id`,
    {
      config: { access: view },
      schema: { params: idParams, querystring: z.object({ answers: z.enum(['0', '1']).optional() }) },
    },
    async (req) => {
      const { answers } = req.query;
      const id = req.params.id;
      return ok(localeOf(req), await paperView(db, principalOf(req), id, { answers: answers === '1' }));
    },
  );

  app.post(
    `${exam}/title/save`,
    {
      config: { access: access.permission(['paper_title_add', 'paper_title_edit']) },
      schema: { body: paperTitleFormSchema.partial().extend({ titleId: idSchema.optional() }) },
    },
    async (req) => {
      const { titleId, ...rest } = req.body;
      return ok(localeOf(req), await titles.submit(callOf(req), titleId ? { ...rest, id: titleId } : rest));
    },
  );
  app.delete(
    `${exam}/title/:id`,
    { config: { access: access.permission('paper_title_delete') }, schema: { params: idParams } },
    async (req) => {
      await titles.remove(callOf(req), { ids: [req.params.id], cascade: '1' });
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /** Bank questions added to the end of a section (`title/importQuestion`, paper_question `save_batch`). */
  for (const path of [`${exam}/title/importQuestion`, `${paperQuestionResource.basePath}/save_batch`]) {
    app.post(
      path,
      { config: { access: access.permission('paper_question_add') }, schema: { body: importQuestionsSchema } },
      async (req) => {
        const count = await importQuestions(db, principalOf(req), req.body);
        return { ...ok(localeOf(req), { count }), msg: translate(localeOf(req), 'paper.imported', { count }) };
      },
    );
  }

  /**
   * `title/addEmptyQuestion`: a new question written into a library the caller may edit (by the bank's own rules)
   * and added to the end of the section.
   */
  const newQuestionBody = z.object({
    paperId: idSchema,
    titleId: idSchema,
    score: scoreSchema.optional(),
    question: z.record(z.string(), z.unknown()),
  });
  app.post(
    `${exam}/title/addEmptyQuestion`,
    {
      config: { access: access.permission('paper_question_add') },
      schema: { body: newQuestionBody },
    },
    async (req) => {
      questionFormSchema.pick({ libId: true }).parse(req.body.question);
      return ok(localeOf(req), await addNewQuestion(callOf(req), req.body));
    },
  );

  /** `update_batch`: one score for each of these questions; a composite's is its children's sum, so it is refused. */
  app.post(
    `${paperQuestionResource.basePath}/update_batch`,
    { config: { access: access.permission('paper_question_edit') }, schema: { body: batchScoreSchema } },
    async (req) => {
      await setQuestionScores(db, principalOf(req), req.body);
      return ok(localeOf(req), null, 'ok.default');
    },
  );

  /** How each rule of a blueprint can be met (with the paper's last seed, or the one sent). */
  const checkBody = blueprintSchema.pick({ rules: true, seed: true }).extend({ paperId: idSchema });
  app.post(`${exam}/blueprint/check`, { config: { access: edit }, schema: { body: checkBody } }, async (req) =>
    ok(localeOf(req), await checkBlueprint(db, principalOf(req), req.body)),
  );

  /** The paper's sections replaced by a draw of the blueprint (a new seed unless one is sent). */
  app.post(`${exam}/blueprint/draw`, { config: { access: edit }, schema: { body: drawSchema } }, async (req) => {
    const { count, view } = await drawBlueprint(db, principalOf(req), req.body);
    return { ...ok(localeOf(req), view), msg: translate(localeOf(req), 'paper.drawn', { count }) };
  });

  /** `download/{id}`: the paper as .docx — the key and analysis only for those who may change it, and when asked. */
  app.get(
    `${exam}/download/:id`,
    {
      config: { access: access.permission('paper_download') },
      schema: { params: idParams, querystring: paperDownloadSchema },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const id = req.params.id;
      const q = req.query;
      const [answers, analysis] = [q.answers === '1', q.analysis === '1'];
      const paperOf = await paperView(db, p, id, { answers: answers || analysis });
      const body = await writePaperWord(paperOf, {
        answers,
        analysis,
        sheet: q.sheet === '1',
        locale: localeOf(req),
        readFile: readStoredFile(files, p.tenantId),
      });
      return sendDownload(reply, {
        body,
        type: FILE_KINDS.docx.mime,
        asciiName: `paper-${id}.docx`,
        name: `${paperOf.paper.title}.docx`,
      });
    },
  );

  /**
   * `usage/{id}`: where the paper is used (assignments, courses), named for the editor's notice that changes reach
   * new assignments only — those made before keep their own frozen copy. `places` is empty when it is not used.
   */
  app.get(`${exam}/usage/:id`, { config: { access: view }, schema: { params: idParams } }, async (req) => {
    const p = principalOf(req);
    const id = req.params.id;
    await papers.detail(callOf(req), id);
    const places = await referencePlaces(db, localeOf(req), p.tenantId, 'paper', [id]);
    return ok(localeOf(req), { places: places.get(id) ?? '' });
  });

  /** `qrcode/{id}`: a PNG of a signed link that opens the paper for students of classes it is assigned to. */
  app.post(
    `${exam}/qrcode/:id`,
    { config: { access: access.permission('paper_qrcode') }, schema: { params: idParams } },
    async (req, reply) => {
      const p = principalOf(req);
      const id = req.params.id;
      await papers.detail(callOf(req), id);
      const code = await tokens.signLink(
        OPEN_PURPOSE,
        { tenantId: p.tenantId, paperId: id },
        PAPER_QRCODE_DAYS * 86400,
      );
      const link = `${req.protocol}://${req.host}${PAPER_OPEN_PATH}?code=${encodeURIComponent(code)}`;
      const png = await QRCode.toBuffer(link, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });
      return reply
        .type('image/png')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="paper-${id}.png"`)
        .send(png);
    },
  );

  /** What a paper's QR code opens, for any signed-in user of its tenant: the paper's name, and whether they may read it. */
  app.get(
    `${exam}/open`,
    { config: { access: access.signedIn }, schema: { querystring: z.object({ code: z.string().max(2000) }) } },
    async (req) => {
      const { readable, ...opened } = await openedPaper(db, tokens, principalOf(req), req.query.code);
      const permissions = await req.permissions();
      return ok(localeOf(req), { ...opened, canRead: permissions.has('paper_view') && readable });
    },
  );
}
