/**
 * The decision model; the host's key is entered in Electron only and never comes back. A base
 * URL other than the configured one gets no stored key (sameBaseUrl): its own key is asked for.
 */
import { useState } from 'react';
import { sameBaseUrl } from '../../core/ipc/contract.js';
import { useApp, useAppStore } from '../store/index.js';

export function ModelForm() {
  const store = useAppStore();
  const info = useApp((s) => s.host);
  const backend = useApp((s) => s.backend);
  const setBackend = useApp((s) => s.setBackend);
  const baseUrlKey = useApp((s) => s.baseUrlKey);
  const setBaseUrlKey = useApp((s) => s.setBaseUrlKey);
  const otherUrl = !sameBaseUrl(backend.baseUrl, info?.backend.baseUrl);
  const [key, setKey] = useState('');
  const [keySet, setKeySet] = useState<boolean | null>(null);
  const hasKey = keySet ?? info?.apiKeySet ?? false;
  const backends = info?.backends ?? ['offline'];
  return (
    <fieldset>
      <legend className="section-title">Decision model</legend>
      <div className="field">
        <label htmlFor="backend">Decision model</label>
        <select id="backend" value={backend.name} onChange={(e) => setBackend({ name: e.target.value })}>
          {[...new Set([...backends, backend.name])].map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </div>
      {backend.name !== 'offline' && backend.name !== 'scripted' && (
        <>
          <div className="field">
            <label htmlFor="base-url">Base URL</label>
            <input
              id="base-url"
              type="url"
              value={backend.baseUrl ?? ''}
              placeholder="https://api.openai.com/v1"
              onChange={(e) => setBackend({ baseUrl: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="model-name">Model name</label>
            <input
              id="model-name"
              value={backend.model ?? ''}
              onChange={(e) => setBackend({ model: e.target.value })}
            />
          </div>
          {otherUrl && (
            <div className="field">
              <label htmlFor="base-url-key">API key for this base URL</label>
              <input
                id="base-url-key"
                type="password"
                autoComplete="off"
                value={baseUrlKey}
                onChange={(e) => setBaseUrlKey(e.target.value)}
                placeholder="required: the stored key is not sent here"
                aria-describedby="base-url-key-note"
              />
              <p id="base-url-key-note" className="muted">
                The stored key goes only to {info?.backend.baseUrl ?? "the provider's default URL"}; this one is sent
                with the next runs to this URL and kept nowhere.
              </p>
            </div>
          )}
          {info?.apiKeyEditable ? (
            <form
              className="field"
              onSubmit={(e) => {
                e.preventDefault();
                void store
                  .getState()
                  .deps.bridge['apiKey.set']({ apiKey: key })
                  .then(({ apiKeySet }) => (setKeySet(apiKeySet), setKey('')));
              }}
            >
              <label htmlFor="api-key">API key</label>
              <input
                id="api-key"
                type="password"
                autoComplete="off"
                value={key}
                onChange={(e) => setKey(e.target.value)}
                placeholder={hasKey ? 'stored (enter to replace)' : 'not set'}
              />
              <button type="submit">Save key</button>
            </form>
          ) : (
            <p className="muted">API key: {hasKey ? 'set in the environment' : 'not set (DECISION_MODEL_API_KEY)'}</p>
          )}
        </>
      )}
    </fieldset>
  );
}
