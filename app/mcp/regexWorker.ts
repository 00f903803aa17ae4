/**
 * The worker thread of a regular-expression search (regexSearch.ts): matches the texts it is
 * handed with core's line search and posts the outcome. It holds no state; the server
 * terminates it when the search outlives its time budget.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { regexTest, searchLines } from '../../core/restore/search.js';
import type { RegexJob } from './regexSearch.js';

const job = workerData as RegexJob;
parentPort?.postMessage(searchLines(job.texts, regexTest(job.pattern), job.maxMatches));
