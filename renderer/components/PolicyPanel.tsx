/**
 * The left column: what a run is asked with, and what the guards leave before running. It folds
 * away to a strip with one button, and starts folded in a window narrower than NARROW, where the
 * views need the width more than the form does.
 */
import { useState } from 'react';
import { ArchiveRef } from './ArchiveRef.js';
import { Candidacy } from './Candidacy.js';
import { ModelForm } from './ModelForm.js';
import { OptionsForm } from './OptionsForm.js';
import { PolicyFileExport } from './PolicyFileExport.js';
import { Protections } from './Protections.js';
import { ShellPatterns } from './ShellPatterns.js';
import { ToolChecklist } from './ToolChecklist.js';
import { Tune } from './Tune.js';
import { useApp } from '../store/index.js';

const NARROW = '(max-width: 1099px)';

export function PolicyPanel() {
  const goal = useApp((s) => s.goal);
  const setGoal = useApp((s) => s.setGoal);
  const [open, setOpen] = useState(() => !window.matchMedia(NARROW).matches);
  return (
    <div className={open ? 'side-wrap' : 'side-wrap folded'}>
      <button
        className="side-toggle"
        aria-expanded={open}
        aria-controls="policy-panel"
        title={open ? 'Fold the policy panel away' : 'Show the policy panel'}
        onClick={() => setOpen(!open)}
      >
        {open ? '« Hide policy' : 'Policy »'}
      </button>
      <aside id="policy-panel" className="side" aria-label="Policy" hidden={!open}>
        <section>
          <label htmlFor="goal" className="section-title">
            Goal
          </label>
          <textarea
            id="goal"
            rows={5}
            value={goal}
            onChange={(e) => setGoal(e.target.value)}
            placeholder="The next action the agent will take"
          />
        </section>
        <Tune />
        <ToolChecklist />
        <ShellPatterns />
        <Candidacy />
        <Protections />
        <OptionsForm />
        <ArchiveRef />
        <ModelForm />
        <PolicyFileExport />
      </aside>
    </div>
  );
}
