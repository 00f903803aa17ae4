/**
 * SPEC §9 "back into the agent in one step": the new Claude Code session an export wrote, and
 * how to resume it — where to move the file first when it was not written in its project's
 * folder, and the command, in a labelled read-only field (a screen reader reads it whole; focus
 * selects it) with a Copy button whose outcome is announced.
 */
import { useState } from 'react';
import type { WrittenSession } from '../../core/formats/index.js';
import { resumeSteps } from '../../core/formats/index.js';

export function ResumeCommand({ session }: { session: WrittenSession }) {
  const { moveInto, command } = resumeSteps(session);
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied('Command copied.');
    } catch {
      // No clipboard (an insecure origin, a denied permission): the field still holds it, selectable.
      setCopied('The clipboard is not available here: select the command and copy it.');
    }
  };
  return (
    <section className="resume-session small" aria-labelledby="resume-title">
      <h3 id="resume-title">Resume it in Claude Code</h3>
      <p>
        New session <span className="mono">{session.path}</span>
        {session.inProject ? ', written in its project folder.' : '.'}
      </p>
      {moveInto !== null && (
        <p>
          Move it into <span className="mono">{moveInto}</span> first: Claude Code reads sessions only there.
        </p>
      )}
      <label htmlFor="resume-command">Command that resumes it</label>
      <div className="resume-row">
        <textarea
          id="resume-command"
          className="mono"
          readOnly
          rows={3}
          value={command}
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby="resume-copied"
        />
        <button type="button" onClick={() => void copy()}>
          Copy command
        </button>
      </div>
      <p id="resume-copied" role="status">
        {copied}
      </p>
    </section>
  );
}
