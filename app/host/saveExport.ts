/**
 * `file.save` on a host that writes files (Electron main; the store tests' host): the export's
 * files committed beside `target` (exportFiles.ts), then, when asked, the snapshot again as a
 * new resumable Claude Code session (resumableSession.ts, as the command line's `--resumable`
 * writes it). Null when the person declined to replace a file; nothing is written then.
 */
import { isBinarySource } from '../../core/formats/index.js';
import type { ChannelParsedArgs, ChannelResult } from '../../core/ipc/contract.js';
import type { Replacement } from './exportFiles.js';
import { writeExport } from './exportFiles.js';
import type { SignerKey } from '../signing/auditSignature.js';
import { HostApiError } from './errors.js';
import { writeResumableSession } from './resumableSession.js';
import { installZstd } from '../zstd.js';

export async function saveExportAt(
  target: string,
  args: ChannelParsedArgs<'file.save'>,
  options: {
    confirmReplace(replacements: Replacement[]): Promise<boolean>;
    sign?: (recordText: string) => { text: string; signer: SignerKey };
  },
): Promise<ChannelResult<'file.save'>> {
  const { sourcePath, text, archive, audit, report } = args;
  // A ZIP (an Inspect .eval log) is read back as bytes, every other original as its text.
  const archiveText = isBinarySource(archive) ? archive : new TextDecoder('utf-8').decode(archive);
  // Verifying a .eval export re-derives it, compressing its edited zstd members.
  if (audit.source.format === 'inspect-eval') await installZstd();
  const written = await writeExport(
    target,
    { text, archive, archiveText, audit, report },
    { sources: sourcePath ? [sourcePath] : [], ...options },
  );
  if (!written) return null;
  let session = null;
  if (args.resumable) {
    // The contract allows it for claude-code only, a text format.
    if (typeof text !== 'string') throw new HostApiError('invalid_input', 'a resumable session is written from text');
    try {
      session = writeResumableSession(text, written.path, sourcePath);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // The export itself is written and verified; only its session copy failed.
      throw new HostApiError(
        'internal',
        `exported ${written.path}, but could not write the resumable session beside it: ${code ?? (error as Error).message}`,
      );
    }
  }
  return {
    path: written.path,
    archivePath: written.archivePath,
    auditPath: written.auditPath,
    reportPath: written.reportPath,
    signaturePath: written.signaturePath,
    signedBy: written.signedBy,
    session,
  };
}
