/** Measuring decisions on real transcripts: cuts, later-use labels, baselines, pooled reports. */
export type { Cut } from './cuts.js';
export { pickCuts } from './cuts.js';
export { labelContext, labelLaterUse } from './labels.js';
export type { CutResult, EvalSettings } from './evaluate.js';
export { evaluateCut } from './evaluate.js';
export { advise, pool } from './pool.js';
export type { EvalReport } from './report.js';
export { renderTable } from './report.js';
export { renderHtml } from './html.js';
