/**
 * R3 `shell_command_not_read_only`: a ticked shell tool's call is a candidate only when its
 * command only reads. Shown when the history has a shell tool; the patterns (one command a
 * line, `*` for any one word) widen or narrow the built-in list of read-only commands.
 */
import { useState } from 'react';
import type { ShellReadOnly } from '../../core/engine/schema.js';
import { isShellTool } from '../../core/engine/shellTools.js';
import { fmt, NO_TOOLS } from '../format.js';
import { useApp } from '../store/index.js';
import { PerOpenedFile } from './PerOpenedFile.js';
import { Term } from './Term.js';

const FIELDS: Array<{ kind: keyof ShellReadOnly; label: string; hint: string }> = [
  { kind: 'allow', label: 'Also read-only', hint: 'e.g. sqlite3 * .tables' },
  { kind: 'deny', label: 'Never read-only', hint: 'e.g. git log' },
];

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function ShellPatterns() {
  const hasShell = useApp((s) => (s.snapshot?.summary.tools ?? NO_TOOLS).some((t) => isShellTool(t.name)));
  if (!hasShell) return null;
  return (
    <PerOpenedFile>
      <ShellPatternFields />
    </PerOpenedFile>
  );
}

function ShellPatternFields() {
  const patterns = useApp((s) => s.shellReadOnly);
  const setPatterns = useApp((s) => s.setShellPatterns);
  const kept = useApp((s) => s.candidacy?.kept.find((k) => k.reason === 'shell_command_not_read_only')?.count ?? 0);
  const [drafts, setDrafts] = useState<Partial<Record<keyof ShellReadOnly, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof ShellReadOnly, string | null>>>({});
  return (
    <fieldset>
      <legend className="section-title">Shell commands</legend>
      <p className="muted">
        A ticked shell tool&rsquo;s call is a candidate only when its command only reads;{' '}
        <Term term="shell_command_not_read_only">
          <strong>{fmt(kept)}</strong> kept by the rule
        </Term>
        .
      </p>
      {FIELDS.map((f) => (
        <div key={f.kind} className="field">
          <label htmlFor={`shell-${f.kind}`}>{f.label}</label>
          <textarea
            id={`shell-${f.kind}`}
            rows={2}
            value={drafts[f.kind] ?? patterns[f.kind].join('\n')}
            placeholder={f.hint}
            aria-describedby={`shell-${f.kind}-hint`}
            aria-invalid={errors[f.kind] ? true : undefined}
            onChange={(e) => {
              setDrafts({ ...drafts, [f.kind]: e.target.value });
              setErrors({ ...errors, [f.kind]: setPatterns(f.kind, linesOf(e.target.value)) });
            }}
          />
          <span id={`shell-${f.kind}-hint`} className={errors[f.kind] ? 'hint error' : 'hint'}>
            {errors[f.kind] ?? 'one command a line; * matches any one word'}
          </span>
        </div>
      ))}
    </fieldset>
  );
}
