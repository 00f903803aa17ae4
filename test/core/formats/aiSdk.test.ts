/**
 * `ai-sdk` beyond the shared suite (its fixture is our own, ownFixtures.ts): a ModelMessage
 * list was read as OpenAI chat with no calls before this format existed; typed outputs map to
 * text and error states; the SDK's MissingToolResultsError rule names the unanswered call.
 */
import { describe, expect, it } from 'vitest';
import { detectFormats, openSource, parseSource } from '../../../core/formats/index.js';
import { runTargetChecks } from '../../../core/formats/targets/index.js';
import { OWN_FIXTURES } from './ownFixtures.js';

const fixture = OWN_FIXTURES.find((f) => f.format === 'ai-sdk');
const text = fixture?.text ?? '[]';

describe('ai-sdk (our own ModelMessage fixture)', () => {
  it('§9 a ModelMessage list is ai-sdk only, not OpenAI chat or our own format', () => {
    expect(detectFormats(parseSource(text)).map((d) => d.format)).toEqual(['ai-sdk']);
  });

  it('§9 R3 text and content outputs are text, json is its JSON text, error-text is an error', () => {
    const results = openSource(text)
      .read.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((b) => b.type === 'tool_result');
    expect(results.map((b) => [b.id, typeof b.output === 'string' ? 'string' : 'blocks', b.state])).toEqual([
      ['call_01', 'string', 'success'],
      ['call_02', 'string', 'success'],
      ['call_03', 'string', 'error'],
      ['call_04', 'blocks', 'success'],
    ]);
    expect(JSON.parse(results[1].output as string)).toHaveProperty('matches');
  });

  it('§9 ai-sdk.tool_results_present: a call left unanswered before the next user message', () => {
    const list = JSON.parse(text) as Array<{ role: string }>;
    // Without the first tool message, call_01 and call_02 reach the next assistant turn unanswered.
    const broken = JSON.stringify(list.filter((_, i) => i !== 3));
    const violations = runTargetChecks(openSource(broken)).flatMap((r) => r.violations);
    expect(violations.map((v) => [v.rule, v.place.path])).toEqual([
      ['ai-sdk.tool_results_present', '$[2]'],
      ['ai-sdk.tool_results_present', '$[2]'],
    ]);
  });
});
