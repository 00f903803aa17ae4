/**
 * stdin regrouped into whole lines before the SDK's stdio transport reads it. The SDK's read
 * buffer concatenates every 64 KB chunk onto what it holds and scans it all for a newline, which
 * is quadratic: a 10 MB argument (SPEC §9 asks that one be refused in a sentence) took 11 s to
 * arrive. Handing it lines makes that one copy and one scan. A line longer than `limit` is
 * passed on as it comes, so the SDK's own size check still drops it.
 */
import { Transform } from 'node:stream';

export function wholeLines(limit: number): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const newline = chunk.lastIndexOf(0x0a);
      if (newline === -1 && pendingBytes + chunk.length <= limit) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        return done();
      }
      const cut = newline === -1 ? chunk.length : newline + 1;
      this.push(Buffer.concat([...pending, chunk.subarray(0, cut)]));
      pending = cut < chunk.length ? [chunk.subarray(cut)] : [];
      pendingBytes = chunk.length - cut;
      done();
    },
    flush(done) {
      if (pendingBytes > 0) this.push(Buffer.concat(pending));
      done();
    },
  });
}
