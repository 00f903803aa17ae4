/**
 * `--policy FILE` (docs/policy.md): the approved `compaction-policy.json` under a command's own
 * arguments. Read through the one bounded reader, so a FIFO, a device or an oversized file is
 * refused as every other input is; a file that is not a policy is bad usage (exit 2).
 */
import { createHash } from 'node:crypto';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import { parsePolicyFile, PolicyFileError, policyFileText } from '../../core/policies/policyFile.js';
import { readInputText, UnreadableFile } from '../inputFiles.js';
import { UsageError } from './args.js';

export { applyPolicy, modelMismatch } from '../../core/policies/policyFile.js';

/** The policy at `path`; any problem is one `UsageError` line naming the flag and the file. */
export function readPolicyFlag(path: string): PolicyFile {
  try {
    return parsePolicyFile(readInputText(path).text);
  } catch (error) {
    if (error instanceof UnreadableFile || error instanceof PolicyFileError)
      throw new UsageError(`--policy ${path}: ${error.message}`);
    throw error;
  }
}

/** What an audit record names a policy by: the SHA-256 of its canonical text (any spacing, any key order). */
export function policySha256(policy: PolicyFile): string {
  return createHash('sha256').update(policyFileText(policy)).digest('hex');
}
