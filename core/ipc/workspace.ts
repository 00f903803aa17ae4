/**
 * The workspace's channels (core/eval/workspace.ts): files in, an evaluation out. A file is text,
 * or base64 for a binary history (an Inspect `.eval` ZIP), since the web host's API speaks JSON.
 */
import { z } from 'zod';
import { SomeOptionsSchema } from '../engine/schema.js';
import type { WorkspaceEvaluation } from '../eval/workspace.js';

export const WorkspaceFileSchema = z
  .strictObject({ name: z.string().min(1), text: z.string().optional(), base64: z.string().optional() })
  .refine((f) => (f.text === undefined) !== (f.base64 === undefined), 'a file has either text or base64');

export const WorkspacePolicySchema = z.strictObject({
  /** null: every tool a session calls, as `eval` measures by default. */
  eligible_tool_names: z.array(z.string()).nullable(),
  options: SomeOptionsSchema,
});

export const WorkspaceProgressSchema = z.object({
  phase: z.enum(['reading', 'measuring']),
  done: z.number(),
  total: z.number(),
});

const ErrorSchema = z.object({ code: z.string(), message: z.string() });

export const WorkspaceStatusSchema = z.object({
  workspaceId: z.string(),
  state: z.enum(['running', 'finished']),
  progress: WorkspaceProgressSchema,
  /** The report and the sessions' facts: built by core, passed through as they are. */
  evaluation: z.custom<WorkspaceEvaluation>((v) => typeof v === 'object' && v !== null).nullable(),
  error: ErrorSchema.nullable(),
});
export type WorkspaceStatus = z.infer<typeof WorkspaceStatusSchema>;

export const WorkspaceId = z.strictObject({ workspaceId: z.string().min(1) });
