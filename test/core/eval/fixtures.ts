/** Small hand-made histories for the evaluator and evidence tests: every id and term is visible. */
import type { Block, Message } from '../../../core/engine/schema.js';

export class History {
  readonly messages: Message[] = [];

  private push(role: string, content: Block[]): string {
    const id = `m${this.messages.length}`;
    this.messages.push({ id, role, content });
    return id;
  }

  user(text: string): string {
    return this.push('user', [{ type: 'text', text }]);
  }

  say(text: string): string {
    return this.push('assistant', [{ type: 'text', text }]);
  }

  /** An assistant call and, in the next (user) message, its successful result. */
  tool(id: string, name: string, input: Record<string, unknown>, output: string, text?: string): string {
    const call: Block = { type: 'tool_call', id, name, input: JSON.stringify(input), state: 'finished' };
    const at = this.push('assistant', text ? [{ type: 'text', text }, call] : [call]);
    this.push('user', [{ type: 'tool_result', id, name, output, state: 'success' }]);
    return at;
  }
}

/** A debugging session: a read whose identifiers the agent uses later, a listing it never uses. */
export function debuggingSession(): History {
  const h = new History();
  h.user('The totals in the invoice export are wrong. Please find out why.');
  h.tool(
    'c1',
    'read',
    { path: 'billing/invoice.py' },
    'def compute_total(lines):\n    subtotal = sum_line_items(lines)\n    return subtotal * TAX_RATE_0427\n',
  );
  h.say('compute_total multiplies by TAX_RATE_0427; checking where that constant is set.');
  h.tool('c2', 'list', { path: 'docs' }, 'README.md\nCHANGELOG.md\nrelease_notes_2019.md\n');
  h.tool(
    'c3',
    'read',
    { path: 'billing/constants.py' },
    'TAX_RATE_0427 = 1.27  # PR 88123\nLEGACY_DISCOUNT_CODE = "spring-sale"\n',
  );
  h.say('The rate is 1.27 instead of 1.19 since PR 88123.');
  h.tool(
    'c4',
    'read',
    { path: 'billing/invoice.py' },
    'def compute_total(lines):\n    subtotal = sum_line_items(lines)\n    return subtotal * TAX_RATE_0427\n',
  );
  h.user('Good find. Fix it.');
  h.say('Patching the constant.');
  h.tool(
    'c5',
    'edit',
    { path: 'billing/constants.py', old_string: 'TAX_RATE_0427 = 1.27', new_string: 'TAX_RATE_0427 = 1.19' },
    'Edited billing/constants.py',
  );
  h.say('Now running sum_line_items tests.');
  h.tool('c6', 'run', { command: 'pytest tests/test_invoice.py' }, '3 passed in 0.12s');
  h.say('Done: sum_line_items and compute_total pass.');
  return h;
}

/** Twelve reads of long config files, each naming an identifier the agent quotes right after. */
export function configReads(): History {
  const h = new History();
  h.user('Find where the retry budget is configured.');
  for (let i = 1; i <= 12; i++) {
    const body = Array.from({ length: 60 }, (_, line) => `line ${line}: setting_${i}_${line} = ${line * i}`).join('\n');
    h.tool(`r${i}`, 'Read', { file_path: `src/config_${i}.py` }, body);
    h.say(`config_${i} sets setting_${i}_7; checking the next file.`);
  }
  h.say('The retry budget is setting_3_7.');
  return h;
}
