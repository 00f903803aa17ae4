/** The left column: what a run is asked with, and what the guards leave before running. */
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

export function PolicyPanel() {
  const goal = useApp((s) => s.goal);
  const setGoal = useApp((s) => s.setGoal);
  return (
    <aside className="side" aria-label="Policy">
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
  );
}
