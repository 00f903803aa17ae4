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
    </section>
  );
}
