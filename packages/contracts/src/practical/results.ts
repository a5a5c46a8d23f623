import { z } from 'zod';

const bin = z.object({ from: z.number(), to: z.number(), count: z.number() });

/** `GET practical_teacher/results/:id`: what a class can do on a practical task. */
export const practicalResultsSchema = z.object({
  id: z.string(),
  title: z.string(),
  totalScore: z.number(),
  passScore: z.number(),
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  summary: z.object({
    handedIn: z.number(),
    mean: z.number().nullable(),
    /** At or above the pass score with no critical point failed. */
    passed: z.number(),
    criticalFailed: z.number(),
  }),
  points: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      score: z.number(),
      critical: z.number(),
      mean: z.number().nullable(),
      failed: z.number(),
      share: z.number().nullable(),
    }),
  ),
  /** Items, those failed most first; measured ones with their values, histogram and capability. */
  items: z.array(
    z.object({
      id: z.string(),
      pointId: z.string(),
      pointName: z.string(),
      name: z.string(),
      kind: z.enum(['measure', 'check']),
      unit: z.string(),
      nominal: z.string().nullable(),
      lowerDeviation: z.string().nullable(),
      upperDeviation: z.string().nullable(),
      recorded: z.number(),
      failed: z.number(),
      values: z.array(z.number()),
      lower: z.number().nullable().optional(),
      upper: z.number().nullable().optional(),
      bins: z.array(bin),
      capability: z
        .object({
          n: z.number(),
          mean: z.number(),
          sd: z.number(),
          shift: z.number(),
          cp: z.number().nullable(),
          cpk: z.number().nullable(),
        })
        .nullable(),
    }),
  ),
  /** By knowledge point: the share of the practical points' marks earned beside the share of exam marks. */
  knowledge: z.array(
    z.object({ flagId: z.string(), name: z.string(), practical: z.number().nullable(), exam: z.number().nullable() }),
  ),
});
export type PracticalResults = z.infer<typeof practicalResultsSchema>;
