/** One block in one pane: readable summary by default, raw JSON on demand. */
import type { RowBlock } from '../../core/inspect/align.js';
import { isTextOutput, outputText, resultChars } from '../../core/engine/guards.js';
import type { Block } from '../../core/engine/schema.js';
import { fmt, shorten } from '../format.js';
import { useApp } from '../store/index.js';
import { CallDecision } from './CallDecision.js';
import { Highlight } from './Highlight.js';
import { ResultBody } from './ResultBody.js';

const str = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function resultText(output: unknown): string {
  return isTextOutput(output) ? outputText(output) : (JSON.stringify(output) ?? '');
}

export function BlockView({
  block,
  where,
  fate,
  side,
  showDecision,
}: {
  block: Block;
  where: string;
  fate: RowBlock | null;
  /** `pinned`: a proposed pane of the pinned proposal A, beside the current one. */
  side: 'original' | 'proposed' | 'pinned';
  /** The pane that carries the current proposal's decision widgets. */
  showDecision: boolean;
}) {
  const key = `${side} ${where}`;
  const raw = useApp((s) => s.rawBlocks.has(key));
  const toggleRaw = useApp((s) => s.toggleRaw);
  const proposed = side !== 'original';
  if (proposed && fate?.fate === 'removed')
    return <div className="block removed">{block.type} removed (drop_call)</div>;
  // The store truncated the output once per run (R13); this pane only shows it.
  const truncated = proposed ? fate?.truncatedOutput : undefined;
  const changed = truncated !== undefined;
  const shown: Block = changed ? { ...block, output: truncated } : block;
  const toggle = (
    <button
      className="raw-toggle small"
      aria-pressed={raw}
      aria-label={`Raw JSON of ${where} (${side})`}
      onClick={(e) => (e.stopPropagation(), toggleRaw(key))}
    >
      {'{}'}
    </button>
  );
  if (raw) {
    return (
      <div className="block raw">
        {toggle}
        <pre>
          <Highlight text={JSON.stringify(shown, null, 2)} />
        </pre>
      </div>
    );
  }
  switch (shown.type) {
    case 'text':
      return (
        <div className="block text">
          {toggle}
          <span className="pre">
            <Highlight text={shorten(str(shown.text), 700)} />
          </span>
        </div>
      );
    case 'thinking':
      return (
        <div className="block thinking">
          {toggle}
          <span className="muted">thinking · {fmt(str(shown.thinking).length)} chars</span>{' '}
          <span className="pre">
            <Highlight text={shorten(str(shown.thinking), 160)} />
          </span>
        </div>
      );
    case 'tool_call':
      return (
        <div className="block call">
          {toggle}
          <div className="call-line">
            <span className="tool mono">
              <Highlight text={str(shown.name)} />
            </span>
            <span className="mono muted small">
              <Highlight text={str(shown.id)} />
            </span>
            <span className="mono input" title={str(shown.input)}>
              <Highlight text={shorten(str(shown.input), 140)} />
            </span>
            {shown.state !== 'finished' && <span className="badge warn">{str(shown.state)}</span>}
          </div>
          {showDecision && fate?.pairId && <CallDecision pairId={fate.pairId} callId={str(shown.id)} />}
        </div>
      );
    case 'tool_result': {
      const text = resultText(shown.output);
      return (
        <div className={`block result${changed ? ' truncated' : ''}`}>
          {toggle}
          <div className="call-line">
            <span className="muted">result</span>
            <span className="mono muted small">
              <Highlight text={str(shown.id)} />
            </span>
            <span className={`badge ${shown.state === 'success' ? 'ok' : 'warn'}`}>{str(shown.state)}</span>
            <span className="muted small">
              {fmt(text.length)} chars{changed ? ` (was ${fmt(resultChars(block.output))})` : ''}
            </span>
          </div>
          <ResultBody text={text} limit={changed ? 900 : 360} blockKey={key} name={`${where} (${side})`} />
        </div>
      );
    }
    default:
      return (
        <div className="block other">
          {toggle}
          <span className="muted">{shown.type} block</span>
        </div>
      );
  }
}
