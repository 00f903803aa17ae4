/**
 * An open under way (SPEC §9 sources): what is read of the file, the records so far and the
 * format once known, in a polite live region, with Cancel, which stops the read and parse at
 * once and leaves the file open before untouched.
 */
import type { OpenProgress } from '../worker/client.js';
import { describeProgress } from '../worker/openProgress.js';

export function OpenProgressLine({
  opening,
  onCancel,
}: {
  opening: OpenProgress & { fileName: string };
  onCancel: () => void;
}) {
  const fraction = opening.bytesTotal > 0 ? opening.bytesRead / opening.bytesTotal : 1;
  return (
    <span className="open-progress">
      <span role="status" aria-live="polite" aria-label="Opening">
        Opening {opening.fileName}: {describeProgress(opening)}
      </span>{' '}
      <progress aria-label="Open progress" max={1} value={fraction} />{' '}
      <button onClick={onCancel} aria-label={`Cancel opening ${opening.fileName}`}>
        Cancel
      </button>
    </span>
  );
}
