/**
 * A fake Anthropic Messages API on 127.0.0.1 for the Claude Code interop test: it records every
 * request and answers through `reply`, streaming (SSE) when the client asks for a stream as
 * Claude Code does, else as one JSON message. Anything but /v1/messages gets an empty 200.
 */
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReplyBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: object };

export interface MessagesRequest {
  model?: string;
  stream?: boolean;
  tools?: Array<{ name: string }>;
  messages?: Array<{ role: string; content: string | Array<Record<string, unknown>> }>;
}

export interface FakeAnthropic {
  url: string;
  requests: MessagesRequest[];
  close(): Promise<void>;
}

export async function startFakeAnthropic(reply: (request: MessagesRequest) => ReplyBlock[]): Promise<FakeAnthropic> {
  const requests: MessagesRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      if (req.method !== 'POST' || !path.startsWith('/v1/messages') || path.includes('count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ input_tokens: 10 }));
        return;
      }
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as MessagesRequest;
      requests.push(request);
      const content = reply(request);
      const stop = content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
      const message = {
        id: `msg_fake_${requests.length}`,
        type: 'message',
        role: 'assistant',
        model: request.model ?? 'claude-fake',
        content: [] as ReplyBlock[],
        stop_reason: null as string | null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      };
      if (!request.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...message, content, stop_reason: stop }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (type: string, data: object) =>
        res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      send('message_start', { message });
      content.forEach((block, index) => {
        if (block.type === 'text') {
          send('content_block_start', { index, content_block: { type: 'text', text: '' } });
          send('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
        } else {
          send('content_block_start', { index, content_block: { ...block, input: {} } });
          send('content_block_delta', {
            index,
            delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
          });
        }
        send('content_block_stop', { index });
      });
      send('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } });
      send('message_stop', {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
