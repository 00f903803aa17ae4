/**
 * The SSH wire encoding (RFC 4251 §5) the signature format and OpenSSH's key files are written
 * in: `uint32` big-endian, `string` as a uint32 length then that many bytes. The reader never
 * reads past its buffer: a short or lying length is a `WireError`, so a hostile signature or
 * key file ends in one sentence, never in an out-of-range read.
 */

export class WireError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireError';
  }
}

export class WireReader {
  private at = 0;
  constructor(
    private readonly bytes: Uint8Array,
    /** What is being read, for the error: "the signature", "the key file". */
    private readonly what: string,
  ) {}

  get done(): boolean {
    return this.at >= this.bytes.length;
  }

  raw(length: number): Uint8Array {
    if (length > this.bytes.length - this.at) throw new WireError(`${this.what} ends early`);
    const out = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }

  uint32(): number {
    const b = this.raw(4);
    return ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
  }

  string(): Uint8Array {
    return this.raw(this.uint32());
  }

  text(): string {
    return Buffer.from(this.string()).toString('latin1');
  }

  /** The rest of the bytes, for checks that nothing follows. */
  rest(): Uint8Array {
    return this.raw(this.bytes.length - this.at);
  }
}

export function uint32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export function sshString(data: Uint8Array | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : Buffer.from(data);
  return Buffer.concat([uint32(bytes.length), bytes]);
}
