// The import worker run from source (tests, `npm run dev`): its TypeScript through tsx. The built server starts
// dist/question-import-worker.js instead (build.mjs).
const { tsImport } = await import('tsx/esm/api');
await tsImport('./import-worker.ts', import.meta.url);
