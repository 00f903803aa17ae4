/**
 * The audit header: sizes before/after (characters and real tokens), candidates and the calls
 * kept by each guard (named by the reason the decisions record, not folded into §6's
 * protected / ineligible), cost, timing.
 */
import { FITTING_STAGES } from '../../core/engine/observation.js';
import { fmt, ms, pct } from '../format.js';
import { useApp } from '../store/index.js';
import { selectKept } from '../store/selectors.js';
import { KeptList } from './KeptList.js';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Kept() {
  const kept = useApp(selectKept);
  return (
    <div className="stat">
      <dt>Kept by a guard</dt>
      <dd>{kept && kept.length > 0 ? <KeptList kept={kept} label="Kept by a guard" layout="inline" /> : 'none'}</dd>
    </div>
  );
}

export function StatsHeader() {
  const p = useApp((s) => s.proposal);
  const summary = useApp((s) => s.snapshot?.summary ?? null);
  const overrides = p ? Object.keys(p.overrides).length : 0;
  if (!p) {
    return (
      <dl className="stats" aria-label="Statistics">
        <Stat label="Messages" value={fmt(summary?.messages)} />
        <Stat label="Tool call blocks" value={fmt(summary?.toolCalls)} />
        <Stat label="Characters" value={fmt(summary?.chars)} />
        <Stat label="Proposal" value="none — press Run" />
      </dl>
    );
  }
  const s = p.outcome.stats;
  const before = s.chars_before ?? 0;
  const counting = p.tokens.after === null ? 'counting…' : fmt(p.tokens.after);
  return (
    // data-threshold: the threshold these figures are of (a step is shown once its count is in).
    <dl className="stats" aria-label="Statistics" data-threshold={p.threshold}>
      <Stat label="Characters before → after" value={`${fmt(before)} → ${fmt(p.charsAfter)}`} />
      <Stat
        label="Tokens before → after"
        value={`${p.tokens.before === null ? 'counting…' : fmt(p.tokens.before)} → ${counting}`}
      />
      <Stat label="Reduction" value={pct(p.charsAfter, before)} />
      <Stat label="Candidates" value={fmt(s.candidates)} />
      <Kept />
      <Stat label="Requests" value={fmt(s.requests)} />
      <Stat
        label="Usage (tokens)"
        value={s.usage ? `${fmt(s.usage.prompt_tokens)} in · ${fmt(s.usage.completion_tokens)} out` : '—'}
      />
      <Stat label="Elapsed" value={ms(s.elapsed_ms)} />
      <Stat
        label="Fitting stage"
        value={s.fitting_stage === null ? '—' : `${s.fitting_stage} ${FITTING_STAGES[s.fitting_stage]}`}
      />
      <Stat label="Backend" value={`${p.outcome.backend}${p.outcome.model ? ` · ${p.outcome.model}` : ''}`} />
      <Stat label="Overrides" value={String(overrides)} />
    </dl>
  );
}
