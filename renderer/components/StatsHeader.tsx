/**
 * The audit header: sizes before/after (characters and real tokens), candidates and the calls
 * kept by each guard (named by the reason the decisions record, not folded into §6's
 * protected / ineligible), cost, timing.
 */
import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';
import { FITTING_STAGES } from '../../core/engine/observation.js';
import { FITTING_HELP, FITTING_LABELS } from '../../core/inspect/glossary.js';
import { fmt, ms, pct } from '../format.js';
import { useApp } from '../store/index.js';
import { selectKept } from '../store/selectors.js';
import { KeptList } from './KeptList.js';

function Stat({ label, value, title, wide }: { label: string; value: string; title?: string; wide?: boolean }) {
  return (
    <div className={wide ? 'stat wide' : 'stat'} title={title}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Kept() {
  const kept = useApp(selectKept);
  return (
    <div className="stat wide">
      <dt>Kept by a guard</dt>
      <dd>{kept && kept.length > 0 ? <KeptList kept={kept} label="Kept by a guard" layout="inline" /> : 'none'}</dd>
    </div>
  );
}

/**
 * After a run, focus moves here, to the figures of the new proposal, rather than falling to the
 * page body when the Run button gives way to Cancel and back.
 */
function useFocusAfterRun(): RefObject<HTMLDListElement | null> {
  const ref = useRef<HTMLDListElement>(null);
  const state = useApp((s) => s.run.state);
  const last = useRef(state);
  useEffect(() => {
    if (last.current === 'running' && state === 'done') ref.current?.focus();
    last.current = state;
  }, [state]);
  return ref;
}

export function StatsHeader() {
  const ref = useFocusAfterRun();
  const p = useApp((s) => s.proposal);
  const summary = useApp((s) => s.snapshot?.summary ?? null);
  const overrides = p ? Object.keys(p.overrides).length : 0;
  if (!p) {
    return (
      <dl ref={ref} tabIndex={-1} className="stats" aria-label="Statistics">
        <Stat label="Messages" value={fmt(summary?.messages)} />
        <Stat label="Tool call blocks" value={fmt(summary?.toolCalls)} />
        <Stat label="Characters" value={fmt(summary?.chars)} />
        <Stat label="Proposal" value="none — press Run" />
      </dl>
    );
  }
  const s = p.outcome.stats;
  const before = s.chars_before ?? 0;
  // One "counting…" for the pair, in a slot as wide as the figures it becomes: nothing moves when they arrive.
  const { before: tokensBefore, after: tokensAfter } = p.tokens;
  const tokens =
    tokensBefore === null && tokensAfter === null
      ? 'counting…'
      : `${tokensBefore === null ? '…' : fmt(tokensBefore)} → ${tokensAfter === null ? 'counting…' : fmt(tokensAfter)}`;
  return (
    // data-threshold: the threshold these figures are of (a step is shown once its count is in).
    <dl ref={ref} tabIndex={-1} className="stats" aria-label="Statistics" data-threshold={p.threshold}>
      <Stat label="Characters before → after" value={`${fmt(before)} → ${fmt(p.charsAfter)}`} />
      <Stat label="Tokens before → after" value={tokens} />
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
        label="What the model read"
        value={s.fitting_stage === null ? '—' : FITTING_LABELS[s.fitting_stage]}
        title={
          s.fitting_stage === null
            ? undefined
            : `${FITTING_HELP} (stage ${s.fitting_stage}, ${FITTING_STAGES[s.fitting_stage]})`
        }
      />
      <Stat label="Backend" value={`${p.outcome.backend}${p.outcome.model ? ` · ${p.outcome.model}` : ''}`} wide />
      <Stat label="Overrides" value={String(overrides)} />
    </dl>
  );
}
