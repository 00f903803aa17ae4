/** Every SPEC §5 option (but the threshold, which Tune owns) with its range; nothing is clamped. */
import { useState } from 'react';
import type { Options } from '../../core/engine/schema.js';
import { useApp } from '../store/index.js';
import { PerOpenedFile } from './PerOpenedFile.js';

export const OPTION_FIELDS: Array<{
  key: Exclude<keyof Options, 'keep_threshold'>;
  label: string;
  range: string;
  min: number;
  max?: number;
  step: number;
  /** What the option does, in a few plain words under its range. */
  help: string;
}> = [
  {
    key: 'preserve_recent_messages',
    label: 'Preserve recent messages',
    range: 'integer ≥ 0',
    min: 0,
    step: 1,
    help: 'the last messages, never shortened',
  },
  {
    key: 'max_state_tokens',
    label: 'Max state tokens',
    range: 'integer ≥ 1',
    min: 1,
    step: 1,
    help: 'the most the model may read of the history; above it old text is shortened first',
  },
  {
    key: 'max_request_tokens',
    label: 'Max request tokens',
    range: 'integer ≥ 257',
    min: 257,
    step: 1,
    help: 'the size of one request to the model, history and questions',
  },
  {
    key: 'truncate_head_chars',
    label: 'Truncate head chars',
    range: 'integer ≥ 0',
    min: 0,
    step: 1,
    help: 'what a dropped output keeps from its start',
  },
  {
    key: 'truncate_tail_chars',
    label: 'Truncate tail chars',
    range: 'integer ≥ 0',
    min: 0,
    step: 1,
    help: 'and from its end',
  },
  {
    key: 'max_concurrency',
    label: 'Max concurrency',
    range: 'integer 1–32',
    min: 1,
    max: 32,
    step: 1,
    help: 'requests sent at once',
  },
  {
    key: 'total_timeout_seconds',
    label: 'Total timeout (seconds)',
    range: 'number > 0',
    min: 0,
    step: 1,
    help: 'for the whole run',
  },
];

export function OptionsForm() {
  return (
    <PerOpenedFile>
      <OptionsFields />
    </PerOpenedFile>
  );
}

function OptionsFields() {
  const options = useApp((s) => s.options);
  const setOption = useApp((s) => s.setOption);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  return (
    <fieldset>
      <legend className="section-title">Options</legend>
      <div className="form-grid">
        {OPTION_FIELDS.map((f) => (
          <div key={f.key} className="field">
            <label htmlFor={`opt-${f.key}`}>{f.label}</label>
            <input
              id={`opt-${f.key}`}
              type="number"
              min={f.min}
              max={f.max}
              step={f.step}
              value={drafts[f.key] ?? String(options[f.key])}
              aria-describedby={`opt-${f.key}-range`}
              aria-invalid={errors[f.key] ? true : undefined}
              onChange={(e) => {
                setDrafts({ ...drafts, [f.key]: e.target.value });
                setErrors({
                  ...errors,
                  [f.key]: e.target.value.trim() === '' ? 'required' : setOption(f.key, Number(e.target.value)),
                });
              }}
            />
            <span id={`opt-${f.key}-range`} className={errors[f.key] ? 'hint error' : 'hint'}>
              {errors[f.key] ? `${errors[f.key]} (${f.range})` : f.range}; {f.help}
            </span>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
