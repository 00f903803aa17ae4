/**
 * A file with several conversations (eval samples, results entries, runs, agents' memories)
 * opens as a list to pick from (SPEC §9); with many, a filter narrows it. Escape cancels.
 */
import { useRef, useState } from 'react';
import { useApp } from '../store/index.js';
import type { AppState } from '../store/state.js';
import { Modal } from './Modal.js';

export function ConversationPicker() {
  const choosing = useApp((s) => s.choosing);
  // A new file is a new list: keyed, so its filter starts empty.
  return choosing ? (
    <Picker key={`${choosing.request.fileName}:${choosing.conversations.length}`} choosing={choosing} />
  ) : null;
}

function Picker({ choosing }: { choosing: NonNullable<AppState['choosing']> }) {
  const choose = useApp((s) => s.chooseConversation);
  const cancel = useApp((s) => s.cancelChoice);
  const [filter, setFilter] = useState('');
  const first = useRef<HTMLButtonElement>(null);
  const term = filter.trim().toLowerCase();
  const shown = choosing.conversations.filter(
    (c) => term === '' || c.key.toLowerCase().includes(term) || c.label.toLowerCase().includes(term),
  );
  return (
    <Modal title="Choose a conversation" className="picker" onEscape={cancel} initialFocus={first}>
      <p>
        {choosing.request.fileName} ({choosing.format}) holds {choosing.conversations.length} conversations.
      </p>
      {choosing.conversations.length > 8 && (
        <input
          type="search"
          aria-label="Filter conversations"
          placeholder="Filter by key or label"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      <ul className="conversation-list" aria-label="Conversations">
        {shown.map((c, i) => (
          <li key={c.key}>
            <button ref={i === 0 ? first : undefined} onClick={() => void choose(c.key)}>
              <span className="mono">{c.key}</span> {c.label !== c.key && <span className="muted">{c.label}</span>}
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="muted">No conversation matches.</p>}
      <div className="row-buttons">
        <button onClick={cancel}>Cancel</button>
      </div>
    </Modal>
  );
}
