/**
 * A Claude Code session its agent compacted, written for the tests in the shape of the shared
 * compaction fixture (inspect_scout's) and Claude Code 2.1's boundary line (`parentUuid: null`,
 * `logicalParentUuid`): two Read calls before the boundary, a summary line, two Read calls after.
 */
const env = { sessionId: 's', cwd: '/w', isSidechain: false, version: '2.1.0' };
const long = 'line of output\n'.repeat(60);
const use = (id: string) => ({ type: 'tool_use', id, name: 'Read', input: { file_path: `/w/${id}.ts` } });
const result = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: long });
const records = [
  { ...env, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'read the files' } },
  {
    ...env,
    type: 'assistant',
    uuid: 'a1',
    parentUuid: 'u1',
    message: { id: 'r1', role: 'assistant', content: [use('t1')] },
  },
  { ...env, type: 'user', uuid: 'u2', parentUuid: 'a1', message: { role: 'user', content: [result('t1')] } },
  {
    ...env,
    type: 'assistant',
    uuid: 'a2',
    parentUuid: 'u2',
    message: { id: 'r2', role: 'assistant', content: [use('t2')] },
  },
  { ...env, type: 'user', uuid: 'u3', parentUuid: 'a2', message: { role: 'user', content: [result('t2')] } },
  {
    ...env,
    type: 'system',
    subtype: 'compact_boundary',
    uuid: 'b1',
    parentUuid: null,
    logicalParentUuid: 'u3',
    content: 'Conversation compacted',
    compactMetadata: { trigger: 'manual', preTokens: 41000 },
  },
  {
    ...env,
    type: 'user',
    uuid: 'sum',
    parentUuid: 'b1',
    isCompactSummary: true,
    message: { role: 'user', content: 'Summary: t1 and t2 were read.' },
  },
  {
    ...env,
    type: 'assistant',
    uuid: 'a3',
    parentUuid: 'sum',
    message: { id: 'r3', role: 'assistant', content: [use('t3')] },
  },
  { ...env, type: 'user', uuid: 'u4', parentUuid: 'a3', message: { role: 'user', content: [result('t3')] } },
  {
    ...env,
    type: 'assistant',
    uuid: 'a4',
    parentUuid: 'u4',
    message: { id: 'r4', role: 'assistant', content: [use('t4')] },
  },
  { ...env, type: 'user', uuid: 'u5', parentUuid: 'a4', message: { role: 'user', content: [result('t4')] } },
  {
    ...env,
    type: 'assistant',
    uuid: 'a5',
    parentUuid: 'u5',
    message: { id: 'r5', role: 'assistant', content: [{ type: 'text', text: 'done' }] },
  },
];
export const COMPACTED_SESSION = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
