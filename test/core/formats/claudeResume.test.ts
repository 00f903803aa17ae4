/**
 * SPEC §9 (back into the agent in one step): an exported Claude Code session written as a new
 * session — a fresh UUID in every line's `sessionId`, every other byte as exported.
 */
import { describe, expect, it } from 'vitest';
import {
  isProjectSessionPath,
  resumableSession,
  resumeCommand,
  resumeStep,
  sessionCwdOf,
  sessionFileName,
} from '../../../core/formats/index.js';

const ID = '0b8f7c1e-2d3a-4b5c-9d6e-7f8091a2b3c4';

describe('resumable Claude Code sessions', () => {
  it('§9 every line gets the new sessionId; nothing else changes, a nested "sessionId" neither', () => {
    const lines = [
      '{"type":"user","sessionId":"old-1","message":{"role":"user","content":"say \\"sessionId\\":\\"old-1\\""},"n":1e400}',
      '{"type":"file-history-snapshot","messageId":"x"}',
      '{"type":"assistant", "sessionId" : "old-1","toolUseResult":{"sessionId":"old-1"},"message":{"role":"assistant","content":[]}}',
    ];
    const out = resumableSession(lines.join('\r\n') + '\r\n', ID).split('\r\n');
    expect(out[0]).toBe(lines[0].replace('"sessionId":"old-1"', `"sessionId":"${ID}"`));
    expect(out[1]).toBe(lines[1]);
    expect(out[2]).toBe(lines[2].replace('"sessionId" : "old-1"', `"sessionId" : "${ID}"`));
    expect(JSON.parse(out[2]).toolUseResult.sessionId).toBe('old-1');
    expect(out[3]).toBe('');
  });

  it('§9 resume accepts only a UUID; the file name and command follow from it', () => {
    expect(() => resumableSession('{"sessionId":"a"}\n', 'not-a-uuid')).toThrow(/UUID/);
    expect(sessionFileName(ID)).toBe(`${ID}.jsonl`);
    expect(resumeCommand(ID)).toBe(`claude --resume ${ID}`);
    expect(isProjectSessionPath('/home/u/.claude/projects/-home-u-p/abc.jsonl')).toBe(true);
    expect(isProjectSessionPath('/home/u/exports/abc.jsonl')).toBe(false);
  });

  it("§9 how to resume: the session's directory from its lines; a session outside its project folder is moved first", () => {
    const text = '{"type":"summary"}\n{"type":"user","cwd":"/home/u/my.project","sessionId":"a"}\n';
    expect(sessionCwdOf(text)).toBe('/home/u/my.project');
    expect(sessionCwdOf('{"type":"summary"}\n')).toBeNull();
    const written = { path: `/x/${ID}.jsonl`, sessionId: ID, cwd: '/home/u/my.project' };
    expect(resumeStep({ ...written, inProject: true })).toBe(`cd "/home/u/my.project" && claude --resume ${ID}`);
    expect(resumeStep({ ...written, inProject: false })).toBe(
      `move it into ~/.claude/projects/-home-u-my-project/, then cd "/home/u/my.project" && claude --resume ${ID}`,
    );
    expect(resumeStep({ ...written, cwd: null, inProject: true })).toBe(`claude --resume ${ID}`);
  });
});
