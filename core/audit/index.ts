/**
 * The audit of an export (SPEC §9): the record's schema, the record built from what an export
 * knows, the bundle of files it seals, `verify` that re-derives the snapshot from it, and the
 * HTML report of it.
 */
export * from '../records/audit.js';
export * from './record.js';
export * from './bundle.js';
export * from './verify.js';
export * from './proof.js';
export * from './report.js';
