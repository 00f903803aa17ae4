/**
 * What R13's omission markers name: by default the archive an export writes beside the
 * snapshot, so a marker points at a file that exists. Applied on Enter or when the field is
 * left (each change re-derives every marker, no model call); blank restores the archive's name.
 */
import { useState } from 'react';
import { useApp } from '../store/index.js';
import { archiveNameOf } from '../store/policy.js';
import { PerOpenedFile } from './PerOpenedFile.js';

export function ArchiveRef() {
  return (
    <PerOpenedFile>
      <ArchiveRefField />
    </PerOpenedFile>
  );
}

function ArchiveRefField() {
  const archiveRef = useApp((s) => s.archiveRef);
  const setArchiveRef = useApp((s) => s.setArchiveRef);
  const archive = useApp((s) => (s.snapshot ? archiveNameOf(s.snapshot) : null));
  const [draft, setDraft] = useState<string | null>(null);
  const apply = () => {
    if (draft !== null && draft !== archiveRef) setArchiveRef(draft);
    setDraft(null);
  };
  return (
    <section>
      <div className="field">
        <label htmlFor="archive-ref" className="section-title">
          Archive reference
        </label>
        <input
          id="archive-ref"
          className="mono"
          value={draft ?? archiveRef}
          aria-describedby="archive-ref-help"
          onChange={(e) => setDraft(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
            if (e.key === 'Escape') setDraft(null);
          }}
        />
      </div>
      <p id="archive-ref-help" className="small muted">
        {archive !== null && archiveRef === archive
          ? 'Omission markers name the archive of the original that Export writes beside the snapshot.'
          : 'Omission markers name this instead of the archive Export writes; leave it blank for the archive’s name.'}
      </p>
      {archive !== null && archiveRef !== archive && (
        <button className="small" onClick={() => setArchiveRef('')}>
          Use the archive’s name
        </button>
      )}
      <DropReceipts />
    </section>
  );
}

/**
 * §9 drop receipts: a dropped call leaves one line of what was run and where the original is, so an
 * agent reading its history back cannot take its own narration for evidence. Off by default (R14
 * keeps assistant text as it was); live Claude Code sessions turn it on (docs/claude-code.md).
 */
function DropReceipts() {
  const on = useApp((s) => s.dropReceipts);
  const setDropReceipts = useApp((s) => s.setDropReceipts);
  return (
    <div className="field">
      <label>
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => setDropReceipts(e.target.checked)}
          aria-describedby="receipts-help"
        />{' '}
        Leave a receipt for each dropped call
      </label>
      <p id="receipts-help" className="small muted">
        One line where the call was: the tool, its target, what it returned and where the original is kept.
      </p>
    </div>
  );
}
