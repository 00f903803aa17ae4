/**
 * Helpers the example scenarios use to write AgentScope 2.x histories that AgentScope 2.x
 * itself loads (core/formats/targets/agentscope2.ts): messages with the fields real files
 * carry (`name`, `metadata`, `created_at`, `usage`), content as block lists, results in the
 * assistant message that made the call, and deterministic ids and timestamps, so every build
 * of a scenario is byte-identical.
 */
import type { Block, Message, OptionsInput, ToolInfo } from '../engine/schema.js';
import { seededRandom } from '../engine/random.js';

/** A request-shaped example plus the answer key the scenario tests check. */
export interface Scenario {
  name: string;
  title: string;
  messages: Message[];
  goal: string;
  eligible_tool_names: string[];
  protected_message_ids: string[];
  protected_call_ids: string[];
  tools: ToolInfo[];
  options: OptionsInput;
  /** Candidates whose results the goal needs verbatim: the action must be `keep`. */
  critical: string[];
  /** Candidates from finished side tasks: the action must be `drop_call` or `drop_result`. */
  irrelevant: string[];
  /** Call ids that a guard (R2–R4) must keep whatever the model says. */
  protectedBoundaries: string[];
}

export const text = (value: string): Block => ({ type: 'text', text: value });

/** Thinking carries a provider signature that must survive untouched (R14). */
export const thinking = (value: string, signature: string): Block => ({ type: 'thinking', thinking: value, signature });

export const call = (id: string, name: string, input: Record<string, unknown> | string, state = 'finished'): Block => ({
  type: 'tool_call',
  id,
  name,
  input: typeof input === 'string' ? input : JSON.stringify(input),
  state,
});

export const result = (id: string, name: string, output: Block['output'], state = 'success'): Block => ({
  type: 'tool_result',
  id,
  name,
  output,
  state,
});

/** `text` with `cat -n`-style line numbers, as read tools return it. */
export function numbered(body: string, first = 1): string {
  return body
    .split('\n')
    .map((line, i) => `${String(first + i).padStart(6)}\t${line}`)
    .join('\n');
}

/** A small deterministic generator for bulky but realistic filler data. */
export const seeded = seededRandom;

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** Appends messages with sequential ids and a clock that advances a little per message. */
export class HistoryWriter {
  readonly messages: Message[] = [];
  private clockMs: number;

  constructor(
    private readonly idPrefix: string,
    private readonly agentName: string,
    private readonly userName: string,
    startIso: string,
  ) {
    this.clockMs = Date.parse(startIso);
  }

  /** The id the next message will get, for protection lists written alongside the history. */
  nextId(): string {
    return `${this.idPrefix}${String(this.messages.length).padStart(3, '0')}`;
  }

  user(content: string | Block[], advanceSeconds = 90): string {
    return this.push(
      this.userName,
      'user',
      typeof content === 'string' ? [text(content)] : content,
      advanceSeconds,
      null,
    );
  }

  /**
   * Results of the last assistant message's calls, added to that message: AgentScope 2.x keeps
   * a reply's results in the assistant message that made the calls (its `Msg` validator refuses
   * a tool_result in a user message; SPEC §1), so the examples load in AgentScope 2.x.
   */
  results(blocks: Block[], advanceSeconds = 20): string {
    const last = this.messages[this.messages.length - 1];
    if (!last || last.role !== 'assistant' || !Array.isArray(last.content))
      throw new Error('results follow an assistant message');
    last.content.push(...blocks);
    this.clockMs += advanceSeconds * 1000;
    return last.id as string;
  }

  assistant(content: Block[], advanceSeconds = 40): string {
    const outChars = content.reduce((n, b) => n + JSON.stringify(b).length, 0);
    const usage = { input_tokens: 1800 + this.messages.length * 950, output_tokens: Math.ceil(outChars / 9) };
    return this.push(this.agentName, 'assistant', content, advanceSeconds, usage);
  }

  private push(
    name: string,
    role: string,
    content: Block[],
    advanceSeconds: number,
    usage: Record<string, number> | null,
  ): string {
    const id = this.nextId();
    this.clockMs += advanceSeconds * 1000;
    const message: Message = {
      id,
      name,
      role,
      content,
      metadata: {},
      created_at: new Date(this.clockMs).toISOString(),
    };
    if (usage) message.usage = usage;
    this.messages.push(message);
    return id;
  }
}
