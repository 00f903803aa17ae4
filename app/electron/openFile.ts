/**
 * What Electron's `file.open` hands the renderer for the file picked: its bytes, as the web
 * host's page hands its snapshot worker the picked file's bytes, so an Inspect `.eval` (a ZIP)
 * opens the same way in both hosts. Read with the command line's bounds (app/inputFiles.ts:
 * regular files only, the memory budget); a file that is not a ZIP must be strict UTF-8, since
 * the renderer reads it as text and every host refuses a history that is not (SPEC §9 "Sources").
 * Kept apart from main.ts so it runs, with the contract gate, without Electron.
 */
import { basename } from 'node:path';
import { isZip } from '../../core/formats/zip/archive.js';
import type { OpenedFile } from '../../core/ipc/contract.js';
import { HostApiError } from '../host/errors.js';
import { decodeUtf8, readInputBytes, UnreadableFile } from '../inputFiles.js';

export function openedFile(path: string): OpenedFile {
  try {
    const bytes = readInputBytes(path);
    if (!isZip(bytes)) decodeUtf8(bytes, path);
    return { fileName: basename(path), path, bytes };
  } catch (error) {
    if (error instanceof UnreadableFile) throw new HostApiError('invalid_input', error.message);
    throw error;
  }
}
