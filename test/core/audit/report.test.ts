/**
 * §9 the HTML audit report: self-contained (a CSP that allows nothing but its own stylesheet,
 * by hash; no script, no external reference), every text from the history, the policy and the
 * reviewer escaped, one row per decision and one section per changed message (R13, R14).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bundledExample } from '../../../app/host/setup.js';
import { REPORT_CSP, REPORT_STYLE, REPORT_STYLE_SHA256 } from '../../../core/audit/report.js';
import { escapeHtml } from '../../../core/inspect/html.js';
import { makeExport } from '../../support/exports.js';

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';

function hostileHistory(): string {
  const output = `${HOSTILE}\n${'log line\n'.repeat(200)}`;
  return JSON.stringify([
    { id: 'm0', role: 'user', content: [{ type: 'text', text: `Task ${HOSTILE}` }] },
    {
      id: `m1${HOSTILE}`,
      role: 'assistant',
      content: [
        {
          type: 'tool_call',
          id: `c1${HOSTILE}`,
          name: 'read_file',
          input: JSON.stringify({ path: HOSTILE }),
          state: 'finished',
        },
        { type: 'tool_result', id: `c1${HOSTILE}`, name: 'read_file', output, state: 'success' },
        { type: 'tool_call', id: 'c2', name: 'read_file', input: '{"path":"b"}', state: 'finished' },
        { type: 'tool_result', id: 'c2', name: 'read_file', output, state: 'success' },
      ],
    },
    { id: 'm2', role: 'user', content: [{ type: 'text', text: 'next' }] },
  ]);
}

describe('§9 audit report', () => {
  it('§9 the CSP allows exactly the stylesheet the page carries (its SHA-256), and nothing else', () => {
    const hash = `sha256-${createHash('sha256').update(REPORT_STYLE).digest('base64')}`;
    expect(REPORT_STYLE_SHA256).toBe(hash);
    expect(REPORT_CSP).toBe(`default-src 'none'; style-src '${hash}'; base-uri 'none'; form-action 'none'`);
  });

  it('§9 R13 R14 every hostile text is escaped; one row per decision, one section per changed message', async () => {
    const made = await makeExport({
      text: hostileHistory(),
      fileName: `h${HOSTILE}.json`.replace(/[\\/]/g, ''),
      goal: `Continue ${HOSTILE}`,
      eligible: ['read_file'],
      options: { preserve_recent_messages: 1, truncate_head_chars: 20 },
      script: { answers: { c2: { call: 0.1, result: 0.1 } }, default: { call: 0.9, result: 0.1 } },
      comments: { p1: `looks fine ${HOSTILE}` },
      report: true,
    });
    const html = made.files.report?.data as string;
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`);
    // Escaped text holds no '<', so every tag is the page's own: a fixed set of inert elements,
    // no event handler, and links only to anchors of the page itself.
    const tags = html.match(/<[a-zA-Z][^>]*>/g) ?? [];
    const names = new Set(tags.map((t) => /^<([a-zA-Z0-9]+)/.exec(t)?.[1].toLowerCase()));
    const inert =
      'html head meta title style body h1 h2 h3 h4 h5 p pre code strong time table caption thead tbody tr th td a span div section ol li';
    expect([...names].filter((n) => !inert.split(' ').includes(n ?? ''))).toEqual([]);
    for (const tag of tags) {
      expect(tag).not.toMatch(/\son\w+\s*=/i);
      expect(tag).not.toMatch(/\s(src|action|formaction)\s*=/i);
      if (tag.startsWith('<a ')) expect(tag).toMatch(/^<a href="#message-\d+">$/);
    }
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;');
    expect(html).toContain(`looks fine &lt;script&gt;`);
    // The record's decisions, each a row; the two changed pairs sit in one changed message.
    const rows = html.slice(html.indexOf('<caption>Decisions</caption>')).match(/<tr><td><code>/g) ?? [];
    expect(rows).toHaveLength(made.record.decisions.length);
    expect(made.record.decisions.map((d) => d.action)).toEqual(['drop_result', 'drop_call']);
    expect(html.match(/<section class="message /g)).toHaveLength(1);
    expect(html).toContain('<span class="fate truncated">truncated (drop_result)</span>');
    expect(html).toContain('<span class="fate removed">removed (drop_call)</span>');
    // R13 as exported: the marker names the archive written beside the snapshot.
    expect(html).toContain(`the full output is in ${escapeHtml(made.record.archive_file.name)}`);
    expect(html).toContain(made.record.exported_file.sha256);
  });

  it('§9 long outputs are clipped with the count left out; files, reviewer and comment are shown', async () => {
    const example = bundledExample();
    const made = await makeExport({
      text: example.text,
      fileName: example.fileName,
      goal: example.goal,
      eligible: example.eligible_tool_names,
      options: example.options,
      report: true,
    });
    const html = made.files.report?.data as string;
    expect(html).toMatch(/… \d+ more characters, in the archive/);
    expect(html).toContain('Approved by <strong>Ada Reviewer</strong>');
    expect(html).toContain('<pre>Approved for the retry work.</pre>');
    for (const file of [made.record.archive_file, made.record.exported_file])
      expect(html).toContain(`<td><code>${file.name}</code></td><td><code>${file.sha256}</code></td>`);
  });
});

describe('§9 audit report: text that displays as something else', () => {
  // A right-to-left override makes "report<U+202E>txt.exe" display as "reportexe.txt"; zero-width and
  // tag characters hide text the reviewer would approve without seeing.
  const RLO = '\u202e';
  const SPOOFS = {
    tool: `read${RLO}elif_`,
    file: `report${RLO}txt.exe`,
    hidden: `rm -rf\u200b /\u2066x\u2069\ufeff\u{e0041}`,
  };

  it('§9 bidi controls, zero-width and tag characters in tool names, inputs, outputs and ids show as visible markers', async () => {
    const text = JSON.stringify([
      { id: 'm0', role: 'user', content: [{ type: 'text', text: `Task ${SPOOFS.hidden}` }] },
      {
        id: `m1${RLO}`,
        role: 'assistant',
        content: [
          {
            type: 'tool_call',
            id: 'c1',
            name: SPOOFS.tool,
            input: JSON.stringify({ path: SPOOFS.file }),
            state: 'finished',
          },
          {
            type: 'tool_result',
            id: 'c1',
            name: SPOOFS.tool,
            output: `${SPOOFS.hidden}\n${'line\n'.repeat(100)}`,
            state: 'success',
          },
        ],
      },
      { id: 'm2', role: 'user', content: [{ type: 'text', text: 'next' }] },
    ]);
    const made = await makeExport({
      text,
      fileName: 'h.json',
      goal: `Continue ${SPOOFS.file}`,
      eligible: [SPOOFS.tool],
      options: { preserve_recent_messages: 1, truncate_head_chars: 40 },
      script: { answers: {}, default: { call: 0.9, result: 0.1 } },
      comments: { p1: `fine ${SPOOFS.hidden}` },
      report: true,
    });
    const html = made.files.report?.data as string;
    expect(html).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]/);
    expect(html).toContain('read⟨U+202E⟩elif_');
    expect(html).toContain('report⟨U+202E⟩txt.exe');
    expect(html).toContain('rm -rf⟨U+200B⟩ /⟨U+2066⟩x⟨U+2069⟩⟨U+FEFF⟩⟨U+E0041⟩');
    expect(html).toContain('m1⟨U+202E⟩');
  });

  it('§9 every other character is escaped as before: ordinary right-to-left letters and emoji stay as written', () => {
    expect(escapeHtml('שלום <b> 👍🏽 é')).toBe('שלום &lt;b&gt; 👍🏽 é');
  });
});
