import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { multipart, png } from '../../test/sample-files.ts';

/** A question as the import and export tests compare it: without what differs between copies. */
export interface Tree {
  type: string;
  stem: string;
  answer: string;
  analysis: string;
  difficulty: number;
  score: number;
  discipline: string;
  source: string;
  config: object;
  flagIds: string[];
  items: { content: string; isAnswer: number; score: number; config: object }[];
  children: Tree[];
}

export const questionUrl = (path: string) => `/api/exam/pc/question/${path}`;

/** A 200 answer's data. */
export async function data(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** What a question is, without ids, times, library and order; a picture is stored again under a new link. */
export const essence = (q: Tree): object => ({
  type: q.type,
  // Word does not keep an empty alt text.
  stem: q.stem.replace(/<img src="[^"]+"( alt="")?/g, '<img src="picture"'),
  answer: q.answer,
  analysis: q.analysis,
  difficulty: q.difficulty,
  score: q.score,
  discipline: q.discipline,
  source: q.source,
  config: q.config,
  flagIds: q.flagIds,
  items: q.items.map(({ content, isAnswer, score, config }) => ({ content, isAnswer, score, config })),
  children: q.children.map(essence),
});

/** The question bank's calls the import and export tests make, as the teacher signed in with `token`. */
export function transferCalls(app: () => TestApp, token: () => string) {
  return {
    /** A new library of the teacher's. */
    lib: async (name: string, as = token()) =>
      (
        await data(
          await app().as(as, {
            method: 'POST',
            url: '/api/jd/pc/question_lib/submit',
            payload: { name, discipline: 'math' },
          }),
        )
      ).id as string,
    /** A 40×30 picture uploaded as the teacher: its link. */
    picture: async () => {
      const res = await app().as(token(), {
        method: 'POST',
        url: '/api/blade-resource/oss/endpoint/put-file',
        query: { category: 'image' },
        ...(await multipart('图.png', png(40, 30))),
      });
      return (await data(res)).link as string;
    },
    save: async (payload: object) =>
      data(await app().as(token(), { method: 'POST', url: questionUrl('save'), payload })),
    /** `POST import`, with the plan (JSON, or a string sent as it is) before the file. */
    upload: async (
      libId: string,
      file: Buffer,
      name: string,
      opts: { confirm?: '0' | '1'; lang?: string; plan?: object | string; as?: string } = {},
    ) => {
      const { plan } = opts;
      const fields: Record<string, string> =
        plan === undefined ? {} : { plan: typeof plan === 'string' ? plan : JSON.stringify(plan) };
      const form = await multipart(name, file, 'file', fields);
      return app().as(opts.as ?? token(), {
        method: 'POST',
        url: questionUrl('import'),
        query: { libId, confirm: opts.confirm ?? '0' },
        payload: form.payload,
        headers: { ...form.headers, 'accept-language': opts.lang ?? 'zh' },
      });
    },
    /** Every question of a library, as `essence` has it, in order. */
    libraryTrees: async (libId: string): Promise<object[]> => {
      const page = await data(
        await app().as(token(), {
          method: 'GET',
          url: questionUrl('page'),
          query: { libId, size: '100', ascs: 'sort' },
        }),
      );
      const trees = [];
      for (const r of page.records) {
        trees.push(essence(await data(await app().as(token(), { method: 'GET', url: questionUrl(`tree/${r.id}`) }))));
      }
      return trees;
    },
  };
}
