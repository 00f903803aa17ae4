/**
 * `smolagents-gaia` on the real GAIA output in ../shared/corpus-next (agent code_o1_27-01,
 * 12 runs), refused as "not JSON" before: its lines carry bare `NaN` (Python's json.dumps), and
 * its steps are Python reprs inside strings. Read as JSON with non-finite numbers, written back
 * with `NaN` spelled as it was and the observation written as Python's repr.
 */
import { describe, expect, it } from 'vitest';
import { detectFormats, inspectSource, openConversation, parseSource } from '../../../core/formats/index.js';
import { readPyString } from '../../../core/formats/pyRepr.js';
import { runTargetChecks } from '../../../core/formats/targets/index.js';
import { sharedSkipReason } from '../../support/shared.js';
import { exportWithDrops, NEXT_DIR, nextText, tally } from './corpusNext.js';

const FILE = 'smolagents-gaia/code_o1_27-01_text.jsonl';

describe('non-finite numbers (Python json.dumps)', () => {
  it('§9 NaN, Infinity and -Infinity are read where numbers go, never inside strings', () => {
    const doc = parseSource('{"a": [NaN, -Infinity, Infinity, -1], "s": "NaN Infinity", "k": {"NaN": 1}}');
    expect(doc.kind === 'json' && doc.value).toEqual({
      a: [NaN, -Infinity, Infinity, -1],
      s: 'NaN Infinity',
      k: { NaN: 1 },
    });
  });

  it('§9 anything else that is not JSON is still refused', () => {
    expect(() => parseSource('{"a": NaN, "b": nan}')).toThrow(/not JSON/);
    expect(() => parseSource('{"a": NaNa}')).toThrow(/not JSON/);
  });
});

describe('smolagents-gaia (corpus-next)', () => {
  if (NEXT_DIR === null) {
    it.skip(sharedSkipReason('corpus-next'), () => {});
    return;
  }

  it('§9 detects the GAIA output and says what it saw', () => {
    const [best] = detectFormats(parseSource(nextText(FILE)));
    expect(best.format).toBe('smolagents-gaia');
    expect(best.reason).toBe(
      '12 smolagents runs (agent code_o1_27-01_text) whose intermediate_steps are step reprs; 94 ActionSteps',
    );
  });

  it('§9 each run is a conversation; 86 calls, 86 results; a no-op export is the file, NaN included', () => {
    expect(tally(nextText(FILE))).toEqual({ conversations: 12, calls: 86, results: 86, changedByNoop: [] });
  });

  it('R1 an ActionStep is its llm_output and ToolCall, answered by its observations', () => {
    const read = openConversation(inspectSource(nextText(FILE)), '0').read;
    expect(read.messages.slice(0, 4).map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const [text, call] = read.messages[2].content as Array<Record<string, unknown>>;
    expect(text.text).toMatch(/^\*\*Thought:\*\* To solve this task/);
    expect(call).toMatchObject({ type: 'tool_call', id: 'call_2', name: 'python_interpreter' });
    expect(JSON.parse(call.input as string).arguments).toMatch(/^graveyard_page = navigational_web_search/);
    const result = (read.messages[3].content as Array<Record<string, unknown>>)[0];
    expect(result).toMatchObject({ type: 'tool_result', id: 'call_2', state: 'success' });
    expect(result.output).toMatch(/^Execution logs:\nAddress: https:\/\/www.benjerry.com/);
  });

  it('§9 R13 an export with drops keeps every call and rule; untouched lines byte-identical, NaN as written', () => {
    const text = nextText(FILE);
    const inspected = inspectSource(text);
    const { source, proposal, exported, verdict } = exportWithDrops(inspected, '0');
    expect(runTargetChecks(source).every((r) => r.status === 'pass')).toBe(true);
    expect(verdict.refused).toEqual([]);
    expect(proposal.keptForTargets?.length).toBeGreaterThan(0);
    expect(proposal.keptForTargets?.every((k) => k.rule === 'smolagents.step_text')).toBe(true);
    const [before, after] = [text.split('\n'), exported.split('\n')];
    expect(after).toHaveLength(before.length);
    expect(after.slice(1)).toEqual(before.slice(1));
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]).toContain('"agent_error": NaN');
    expect(after[0].length).toBeLessThan(before[0].length);
    // The shortened observation is a Python literal that reads back as the marker.
    const step = (
      JSON.parse(after[0].replace('"agent_error": NaN', '"agent_error": null')) as { intermediate_steps: string[] }
    ).intermediate_steps[2];
    const at = step.indexOf('observations=') + 'observations='.length;
    expect(readPyString(step, at)?.value).toMatch(/omitted; the full output is in archive\]$/);
  });
});
