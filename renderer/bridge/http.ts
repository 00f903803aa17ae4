/** The web host adapter: POST /api/<channel> with the per-launch token as a header. */
import type { Channel, ChannelParsedArgs, ChannelResult, HostError } from '../../core/ipc/contract.js';
import { parseArgs } from '../../core/ipc/contract.js';
import type { BundledFile, Hash } from '../../core/audit/bundle.js';
import { signatureFileName } from '../../core/records/audit.js';
import { bundleExport } from '../../core/audit/bundle.js';
import type { WrittenSession } from '../../core/formats/index.js';
import { isBinarySource, resumableSession, sessionCwdOf, sessionFileName } from '../../core/formats/index.js';
import { sha256Hex } from '../sha256.js';
import type { Encoded } from './jsonBody.js';
import { jsonBody } from './jsonBody.js';
import type { Bridge } from './types.js';
import { BridgeError, bridgeOver } from './types.js';

/** `encoded`: the JSON of values written off the main thread (the snapshot worker's history). */
export function createHttpBridge(token: string, base = '', encoded?: Encoded): Bridge {
  const send = async (channel: Channel, args: unknown): Promise<unknown> => {
    const response = await fetch(`${base}/api/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-inspector-token': token },
      // A history is written a slice at a time (jsonBody.ts), so sending it never freezes the page.
      body: await jsonBody(args, encoded),
    });
    const body = (await response.json().catch(() => ({}))) as { result?: unknown; error?: HostError };
    if (!response.ok || body.error)
      throw new BridgeError(body.error?.code ?? 'internal', body.error?.message ?? `HTTP ${response.status}`);
    return body.result;
  };
  // The host holds the signing key: the browser sends the record's text and downloads the signature.
  const sign = (recordText: string) => send('audit.sign', { recordText }) as Promise<ChannelResult<'audit.sign'>>;
  return bridgeOver('web', send, {
    // The browser saves by itself; the same gate as a host's keeps both exports alike.
    'file.save': async (args) => {
      const parsed = parseArgs('file.save', args);
      if (!parsed.ok) throw new BridgeError('invalid_input', parsed.message);
      return download(parsed.args, sign);
    },
  });
}

/** SHA-256 with the browser's WebCrypto: the same digest Node's crypto gives the other hosts. */
const browserHash: Hash = async (data) => {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return { sha256: await sha256Hex(bytes), bytes: bytes.length };
};

type Role = BundledFile['role'] | 'signature' | 'session';

/**
 * SPEC §9 "back into the agent in one step" in the browser: the page knows neither where the
 * source lives nor a folder to write to, so the new session (a fresh UUID in every line, as
 * core writes it for every host) is one more download, beside the snapshot; the dialog says
 * where to move it.
 */
function sessionDownload(text: string): { file: { role: Role; name: string; data: string }; session: WrittenSession } {
  const sessionId = crypto.randomUUID();
  const name = sessionFileName(sessionId);
  return {
    file: { role: 'session', name, data: resumableSession(text, sessionId) },
    session: { path: name, sessionId, inProject: false, cwd: sessionCwdOf(text) },
  };
}

/**
 * The browser has no save dialog: core's bundle (verified before anything is offered), one
 * download per file, under the names the record gives them.
 */
async function download(
  args: ChannelParsedArgs<'file.save'>,
  sign: (recordText: string) => Promise<ChannelResult<'audit.sign'>>,
): Promise<ChannelResult<'file.save'>> {
  // A ZIP (an Inspect .eval log) is read back as bytes, every other original as its text.
  const archiveText = isBinarySource(args.archive) ? args.archive : new TextDecoder('utf-8').decode(args.archive);
  const bundle = await bundleExport(
    { text: args.text, archive: args.archive, archiveText, audit: args.audit, report: args.report },
    args.suggestedName,
    browserHash,
  );
  const audit = bundle.files.find((f) => f.role === 'audit') as BundledFile;
  // Signed before anything downloads: a host that cannot sign leaves no unsigned record behind.
  const signed = await sign(audit.data as string);
  // The contract allows resumable for claude-code only, a text format.
  const resumable = args.resumable && typeof args.text === 'string' ? sessionDownload(args.text) : null;
  const files: Array<{ role: Role; name: string; data: string | Uint8Array }> = [
    ...bundle.files,
    ...(signed ? [{ role: 'signature' as const, name: signatureFileName(audit.name), data: signed.signature }] : []),
    ...(resumable ? [resumable.file] : []),
  ];
  const types = {
    archive: 'application/octet-stream',
    snapshot: 'application/json',
    report: 'text/html',
    audit: 'application/json',
    signature: 'text/plain',
    session: 'application/jsonl',
  };
  for (const file of files) {
    const url = URL.createObjectURL(new Blob([file.data as BlobPart], { type: types[file.role] }));
    const a = document.createElement('a');
    a.href = url;
    a.download = file.name;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  const nameOf = (role: string) => files.find((f) => f.role === role)?.name ?? null;
  return {
    path: args.suggestedName,
    archivePath: nameOf('archive') as string,
    auditPath: nameOf('audit') as string,
    reportPath: nameOf('report'),
    signaturePath: nameOf('signature'),
    signedBy: signed?.signer ?? null,
    session: resumable?.session ?? null,
  };
}
