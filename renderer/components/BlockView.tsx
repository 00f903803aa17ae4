/** One block in one pane: readable summary by default, raw JSON on demand. */
import type { RowBlock } from '../../core/inspect/align.js';
import { resultChars } from '../../core/engine/guards.js';
import type { Block } from '../../core/engine/schema.js';
import type { FieldPart } from '../../core/inspect/display.js';
import {
  displayInput,
  displayOutput,
  displayString as str,
  fieldKey,
  PREVIEW_CHARS,
} from '../../core/inspect/display.js';
import { fmt } from '../format.js';
import { useApp } from '../store/index.js';
import { CallDecision } from './CallDecision.js';
import { Clipped, Highlight } from './Highlight.js';
import { ResultBody } from './ResultBody.js';

export function BlockView({
  block,
  message,
  index,
  where,
  fate,
  side,
  showDecision,
}: {
  block: Block;
  /** Message and block index: the block's displayed fields are named by them (display.ts `fieldKey`). */
  message: number;
  index: number;
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
  // The strings shown are display.ts's, the ones Find searches.
  const field = (part: FieldPart) => fieldKey(message, index, part);
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
            <Clipped text={str(shown.text)} limit={PREVIEW_CHARS.text} field={field('text')} />
          </span>
        </div>
      );
    case 'thinking':
      return (
        <div className="block thinking">
          {toggle}
          <span className="muted">thinking · {fmt(str(shown.thinking).length)} chars</span>{' '}
          <span className="pre">
            <Clipped text={str(shown.thinking)} limit={PREVIEW_CHARS.thinking} field={field('thinking')} />
          </span>
        </div>
      );
    case 'tool_call':
      return (
        <div className="block call">
          {toggle}
          <div className="call-line">
            <span className="tool mono">
              <Highlight text={str(shown.name)} field={field('name')} />
            </span>
            <span className="mono muted small">
              <Highlight text={str(shown.id)} field={field('id')} />
            </span>
            <span className="mono input" title={str(shown.input)}>
              <Clipped text={displayInput(shown.input)} limit={PREVIEW_CHARS.input} field={field('input')} />
            </span>
            {shown.state !== 'finished' && <span className="badge warn">{str(shown.state)}</span>}
          </div>
          {showDecision && fate?.pairId && <CallDecision pairId={fate.pairId} callId={str(shown.id)} />}
        </div>
      );
    case 'tool_result': {
      const text = displayOutput(shown.output);
      return (
        <div className={`block result${changed ? ' truncated' : ''}`}>
          {toggle}
          <div className="call-line">
            <span className="muted">result</span>
            <span className="mono muted small">
              <Highlight text={str(shown.id)} field={field('id')} />
            </span>
            <span className={`badge ${shown.state === 'success' ? 'ok' : 'warn'}`}>{str(shown.state)}</span>
            <span className="muted small">
              {fmt(text.length)} chars{changed ? ` (was ${fmt(resultChars(block.output))})` : ''}
            </span>
          </div>
          <ResultBody
            text={text}
            limit={changed ? PREVIEW_CHARS.changedOutput : PREVIEW_CHARS.output}
            blockKey={key}
            name={`${where} (${side})`}
            field={field(changed ? 'marker' : 'output')}
          />
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
