/** What the inspector derives from a history and a proposal: summary, alignment, review, curve, find, cache cost, comparison. */
export * from './summary.js';
export * from './align.js';
export * from './actions.js';
export * from './sizeModel.js';
export * from './curve.js';
export * from './histogram.js';
export * from './review.js';
export * from './filter.js';
export * from './find.js';
export * from './navigate.js';
export * from './cache.js';
export * from './compare.js';
export * from './compareReport.js';
export * from './policyChange.js';
