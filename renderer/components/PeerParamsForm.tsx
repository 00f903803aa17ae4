/**
 * The picked peer's parameters: one field per parameter of its schema (core/inspect/peerParams.ts
 * reads them from the schema), prefilled with its documented defaults. A value the schema
 * refuses is shown with the schema’s message beside its field, and the peer stays at the last
 * accepted parameters; an accepted one re-derives the peer at once (local, no model call).
 */
import { useState } from 'react';
import type {
  ParamRead,
  PeerParamField,
  PeerParamsForm as Form,
  PeerParamValue,
} from '../../core/inspect/peerParams.js';
import { fieldRange, formatParam, paramFromText, paramText } from '../../core/inspect/peerParams.js';
import { useApp } from '../store/index.js';

export function PeerParamsForm() {
  const form = useApp((s) => s.peerParams);
  // Another peer has other parameters: start its drafts afresh.
  return form && <PeerParamsFields key={form.peer} form={form} />;
}

/** One field's new text (null for a switch) and what it reads as: a value for the store, or why not. */
type Edit = (key: string, text: string | null, read: ParamRead) => void;

function PeerParamsFields({ form }: { form: Form }) {
  const setPeerParam = useApp((s) => s.setPeerParam);
  const resetPeerParams = useApp((s) => s.resetPeerParams);
  const setPeerAlwaysOn = useApp((s) => s.setPeerAlwaysOn);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edit: Edit = (key, text, read) => {
    if (text !== null) setDrafts((d) => ({ ...d, [key]: text }));
    const error = 'error' in read ? read.error : setPeerParam(key, read.value);
    setErrors(({ [key]: _, ...rest }) => (error === null ? rest : { ...rest, [key]: error }));
  };
  // The store's values replace what was typed.
  const afresh = () => (setDrafts({}), setErrors({}));
  const invalid = Object.keys(errors).length > 0;
  return (
    <fieldset className="peer-params">
      <legend className="section-title">Parameters of the peer</legend>
      {form.alwaysOn && (
        <div className="field">
          <label>
            <input
              type="checkbox"
              checked={form.alwaysOn.on}
              aria-describedby="peer-always-on-hint"
              onChange={(e) => (setPeerAlwaysOn(e.target.checked), afresh())}
            />{' '}
            Always on
          </label>
          <span id="peer-always-on-hint" className="hint">
            the variant that acts on every history: {form.alwaysOn.sets}
          </span>
        </div>
      )}
      <div className="form-grid">
        {form.fields.map((field) => (
          <ParamField
            key={field.key}
            field={field}
            value={form.params[field.key]}
            draft={drafts[field.key]}
            error={errors[field.key]}
            edit={edit}
          />
        ))}
      </div>
      <div className="row-buttons">
        <button
          type="button"
          disabled={form.changed.length === 0 && !invalid}
          onClick={() => (resetPeerParams(), afresh())}
        >
          Reset to defaults
        </button>
      </div>
      {invalid && (
        <p className="hint error" role="alert">
          The peer keeps the last valid parameters until every field is valid.
        </p>
      )}
    </fieldset>
  );
}

interface FieldProps {
  field: PeerParamField;
  value: PeerParamValue;
  draft: string | undefined;
  error: string | undefined;
  edit: Edit;
}

function ParamField({ field, value, draft, error, edit }: FieldProps) {
  const id = `peer-param-${field.key}`;
  const hint = `${id}-hint`;
  const described = { 'aria-describedby': hint, 'aria-invalid': error ? true : undefined } as const;
  const text = draft ?? paramText(value === null ? field.default : value);
  return (
    <div className="field">
      {field.kind === 'boolean' ? (
        <label>
          <input
            type="checkbox"
            id={id}
            checked={value === true}
            onChange={(e) => edit(field.key, null, { value: e.target.checked })}
            {...described}
          />{' '}
          <code>{field.key}</code>
        </label>
      ) : (
        <>
          <label htmlFor={id}>
            <code>{field.key}</code>
          </label>
          <input
            id={id}
            type={field.kind === 'names' ? 'text' : 'number'}
            min={field.minimum ?? undefined}
            max={field.maximum ?? undefined}
            step={field.kind === 'integer' ? 1 : 'any'}
            disabled={value === null}
            value={text}
            onChange={(e) => edit(field.key, e.target.value, paramFromText(field, e.target.value))}
            {...described}
          />
          {field.nullable && (
            <label>
              <input
                type="checkbox"
                checked={value === null}
                aria-label={`${field.key}: null`}
                aria-describedby={hint}
                onChange={(e) => edit(field.key, null, e.target.checked ? { value: null } : paramFromText(field, text))}
              />{' '}
              null
            </label>
          )}
        </>
      )}
      <span id={hint} className={error ? 'hint error' : 'hint'} aria-live="polite">
        {error
          ? `${error} (${fieldRange(field)})`
          : `${field.description}; ${fieldRange(field)}, default ${formatParam(field.default)}`}
      </span>
    </div>
  );
}
